import { useCallback, useState } from 'react';
import { Button, Card, Descriptions, Input, Space, Typography } from 'antd';
import { useParams } from 'react-router-dom';
import { ExpertCredentialTexts, Messages, REJECTION_REASON_MAX_LENGTH, type ApprovalStatus } from '@cqa/contracts';
import { errorMessage, errorStatus } from '@cqa/web-core';
import { ErrorState, LoadingState, PageTitle } from '@cqa/web-ui';
import { useChangeApprovalMutation, useUserDetailQuery } from '../api';
import { CredentialValue } from '../components/CredentialValue';
import { StatusBanner, type Banner } from '../components/StatusBanner';
import { ResetTwoFactorButton } from '../two-factor/ResetTwoFactorButton';
import { ApprovalStatusTag } from '../components/StatusTag';
import { UserTexts } from '../texts';

/** Spec section 2: email, role, name and registration date (an expert's professional details too), with Approve and Reject. */
export function ApproveUserPage() {
  const { userId = '' } = useParams();
  const detail = useUserDetailQuery(userId, { skip: !userId });
  const [changeApproval, { isLoading }] = useChangeApprovalMutation();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [reason, setReason] = useState('');
  const clearBanner = useCallback(() => setBanner(null), []);

  const act = async (to: ApprovalStatus, verb: string) => {
    try {
      await changeApproval({ userId, approval_status: to, ...(to === 'rejected' && reason.trim() ? { reason: reason.trim() } : {}) }).unwrap();
      setBanner({ kind: 'success', text: to === 'approved' ? Messages.success.userApproved : Messages.success.userStatusChanged(to), at: Date.now() });
    } catch (error) {
      const fallback = Messages.errors.userActionFailed(verb, Messages.errors.httpStatus(errorStatus(error) ?? 0));
      setBanner({ kind: 'error', text: Messages.errors.errorPrefix(errorMessage(error, fallback)), at: Date.now() });
    }
  };

  if (detail.isLoading) return <LoadingState page />;
  if (detail.isError || !detail.data) {
    const notFound = errorStatus(detail.error) === 404;
    return (
      <section>
        <PageTitle>Approve user</PageTitle>
        <ErrorState message={notFound ? Messages.errors.userNotFound : errorMessage(detail.error, Messages.errors.fetchUserFailed)} />
      </section>
    );
  }

  const user = detail.data;
  const data = user.app_specific_data;
  return (
    <section style={{ maxWidth: 640 }}>
      <PageTitle>Approve user</PageTitle>
      <StatusBanner banner={banner} onClear={clearBanner} />
      <Card>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={UserTexts.approve.email}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={UserTexts.approve.role}>{data.role}</Descriptions.Item>
          <Descriptions.Item label={UserTexts.approve.name}>{`${data.first_name} ${data.last_name}`}</Descriptions.Item>
          {user.credentials && (
            <>
              <Descriptions.Item label={ExpertCredentialTexts.specialty}><CredentialValue value={user.credentials.specialty} /></Descriptions.Item>
              <Descriptions.Item label={ExpertCredentialTexts.licenceNumber}><CredentialValue value={user.credentials.licence_number} /></Descriptions.Item>
              <Descriptions.Item label={ExpertCredentialTexts.institution}><CredentialValue value={user.credentials.institution} /></Descriptions.Item>
            </>
          )}
          <Descriptions.Item label={UserTexts.approve.registrationDate}>{new Date(data.registration_date).toLocaleString()}</Descriptions.Item>
          <Descriptions.Item label={UserTexts.approve.approvalStatus}><ApprovalStatusTag status={user.approval_status} /></Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 8 }}>{UserTexts.approve.decisionMailed}</Typography.Paragraph>
        <label htmlFor="rejection-reason">{UserTexts.approve.reasonLabel}</label>
        <Input.TextArea
          id="rejection-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={REJECTION_REASON_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          style={{ marginTop: 4 }}
        />
        <Space wrap style={{ marginTop: 24 }}>
          <Button type="primary" loading={isLoading} disabled={user.approval_status === 'approved'} onClick={() => void act('approved', 'approve')}>
            Approve
          </Button>
          <Button danger loading={isLoading} disabled={user.approval_status === 'rejected'} onClick={() => void act('rejected', 'reject')}>
            Reject
          </Button>
          <ResetTwoFactorButton userId={userId} onDone={({ ok, text }) => setBanner({ kind: ok ? 'success' : 'error', text, at: Date.now() })} />
        </Space>
      </Card>
    </section>
  );
}
