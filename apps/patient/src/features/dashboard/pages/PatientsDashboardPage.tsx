import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { QuestionTexts } from '@cqa/contracts';
import { paths, selectCurrentUser, useAiSettingsQuery, useAppSelector } from '@cqa/web-core';
import { PageTitle, useQuestionListParams } from '@cqa/web-ui';
import { AskQuestionModal, DashboardQuestions } from '@cqa/web-qa';
import { usePatientProfileQuery } from '../../profile/api';
import { PatientDashboardTexts } from '../texts';

export function PatientsDashboardPage() {
  const params = useQuestionListParams();
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const { data: aiSettings } = useAiSettingsQuery();
  // A new question is most likely about the patient's own cancer: the profile's type is the form's first choice.
  const patientId = useAppSelector(selectCurrentUser)?.patientId;
  // `skip`, not RTK's skipToken: importing @reduxjs/toolkit here would bundle a second copy of it into the remote.
  const { data: profile } = usePatientProfileQuery(patientId ?? '', { skip: !patientId });

  return (
    <section>
      <div className="cqa-page-head" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 16 }}>
        <PageTitle>{PatientDashboardTexts.title}</PageTitle>
        <Button type="primary" size="large" onClick={() => setAsking(true)} onPointerEnter={AskQuestionModal.preload} onFocus={AskQuestionModal.preload}>
          {QuestionTexts.askButton}
        </Button>
      </div>
      <DashboardQuestions
        params={params}
        offerScope
        emptyText={params.scope === 'mine' ? QuestionTexts.mineEmpty : QuestionTexts.patientEmpty}
        linkTo={paths.patientQuestion}
      />
      <AskQuestionModal
        open={asking}
        title={QuestionTexts.askModalTitle}
        onCreated={(id) => navigate(paths.patientQuestion(id))}
        onClose={() => setAsking(false)}
        offerUseProfile={!!aiSettings?.configured && aiSettings.phiAllowed}
        similarHref={paths.patientQuestion}
        defaultCancerType={profile?.profile.cancer_type}
      />
    </section>
  );
}
