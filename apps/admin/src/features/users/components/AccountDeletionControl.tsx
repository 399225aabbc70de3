import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Tag } from 'antd';
import { ACCOUNT_DELETION_NOTE_MAX_LENGTH, AccountDeletionTexts as T, Messages, type AdminUserSummary } from '@cqa/contracts';
import { errorMessage } from '@cqa/web-core';
import { useCancelDeletionMutation, useScheduleDeletionMutation } from '../api';
import type { Banner } from './StatusBanner';

/**
 * An admin deletes a patient's or expert's account on their request (issue 44): a note of how they asked, then the same
 * grace period and e-mail as their own request; a pending deletion shows its date and can be cancelled.
 */
export function AccountDeletionControl({ user, onBanner }: { user: AdminUserSummary; onBanner: (b: Banner) => void }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ note: string }>();
  const [schedule, { isLoading: scheduling }] = useScheduleDeletionMutation();
  const [cancel, { isLoading: cancelling }] = useCancelDeletionMutation();

  const submit = async ({ note }: { note: string }) => {
    setFailure(null);
    try {
      const { due_at } = await schedule({ userId: user.id, note: note.trim() }).unwrap();
      setOpen(false);
      form.resetFields();
      onBanner({ kind: 'success', text: T.adminScheduled(due_at.slice(0, 10)), at: Date.now() });
    } catch (error) {
      setFailure(errorMessage(error, Messages.platform.unexpected));
    }
  };
  const undo = async () => {
    try {
      await cancel(user.id).unwrap();
      onBanner({ kind: 'success', text: T.adminCancelled, at: Date.now() });
    } catch (error) {
      onBanner({ kind: 'error', text: Messages.errors.errorPrefix(errorMessage(error, Messages.platform.unexpected)), at: Date.now() });
    }
  };

  if (user.deletion_due_at) {
    return (
      <Space size={4} wrap>
        <Tag color="volcano">{T.adminDueTag(user.deletion_due_at.slice(0, 10))}</Tag>
        <Button size="small" loading={cancelling} aria-label={`${T.adminCancelButton}: ${user.full_name}`} onClick={() => void undo()}>
          {T.adminCancelButton}
        </Button>
      </Space>
    );
  }
  return (
    <>
      <Button size="small" danger aria-label={`${T.adminButton} ${user.full_name}`} onClick={() => setOpen(true)}>{T.adminButton}</Button>
      <Modal
        open={open}
        title={T.adminDialogTitle(user.full_name)}
        okText={T.adminConfirm}
        okButtonProps={{ danger: true, loading: scheduling }}
        onOk={() => form.submit()}
        onCancel={() => { setOpen(false); setFailure(null); }}
        destroyOnHidden
      >
        <p>{T.whatGoes}</p>
        <p>{T.whatStays}</p>
        {failure && <Alert type="error" role="alert" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name={`delete-account-${user.id}`}>
          <Form.Item
            label={T.adminNoteLabel}
            name="note"
            rules={[
              { required: true, whitespace: true, message: T.adminNoteRequired },
              { max: ACCOUNT_DELETION_NOTE_MAX_LENGTH, message: T.adminNoteTooLong(ACCOUNT_DELETION_NOTE_MAX_LENGTH) },
            ]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
