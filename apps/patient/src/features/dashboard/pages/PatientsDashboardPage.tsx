import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { Messages, QuestionTexts, type CreateQuestionRequest } from '@cqa/contracts';
import { failureText, paths, useAiSettingsQuery, useCreateQuestionMutation, useQuestionsQuery, useSimilarQuestions, useToast } from '@cqa/web-core';
import {
  PageTitle,
  QuestionFormModal,
  QuestionBrowser,
  useQuestionListParams,
} from '@cqa/web-ui';

export const PATIENTS_DASHBOARD_TITLE = 'Patients Dashboard';

export function PatientsDashboardPage() {
  const params = useQuestionListParams();
  const list = useQuestionsQuery(params.query);
  const [createQuestion] = useCreateQuestionMutation();
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const { data: aiSettings } = useAiSettingsQuery();

  const ask = async (body: CreateQuestionRequest) => {
    try {
      const created = await createQuestion(body).unwrap();
      if (!created?.id) {
        toast.error(Messages.errors.noResponse);
        return false;
      }
      toast.success(Messages.success.questionSubmitted);
      navigate(paths.patientQuestion(created.id));
      return true;
    } catch (error) {
      toast.error(failureText(error, Messages.errors.submitQuestionFailed));
      return false;
    }
  };

  return (
    <section>
      <div className="cqa-page-head" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 16 }}>
        <PageTitle>{PATIENTS_DASHBOARD_TITLE}</PageTitle>
        <Button type="primary" size="large" onClick={() => setAsking(true)}>
          {QuestionTexts.askButton}
        </Button>
      </div>
      <QuestionBrowser
        params={params}
        list={list}
        emptyText={QuestionTexts.patientEmpty}
        linkTo={paths.patientQuestion}
        useSimilar={useSimilarQuestions}
      />
      <QuestionFormModal
        open={asking}
        title={QuestionTexts.askModalTitle}
        onSubmit={ask}
        onClose={() => setAsking(false)}
        offerUseProfile={!!aiSettings?.configured && aiSettings.phiAllowed}
        useSimilar={useSimilarQuestions}
        similarHref={paths.patientQuestion}
      />
    </section>
  );
}
