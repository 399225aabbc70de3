import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { GENERAL_CANCER_TYPE, type CreateQuestionRequest } from '@cqa/contracts';
import { CancerTypeSelect } from './CancerTypeSelect';
import { questionTextRules } from './question-rules';
import { QaUiTexts } from './texts';

interface QuestionFormModalProps {
  open: boolean;
  title: string;
  okText?: string;
  /** Resolves true when saved; the modal then closes and clears. */
  onSubmit: (values: CreateQuestionRequest) => Promise<boolean>;
  onClose: () => void;
}

interface Values {
  question_text: string;
  cancer_type: string;
}

/** 'Ask a New Question' for patients and 'Create Question Manually' for admins. */
export function QuestionFormModal({ open, title, okText = QaUiTexts.submit, onSubmit, onClose }: QuestionFormModalProps) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const saved = await onSubmit({ question_text: values.question_text.trim(), cancer_type: values.cancer_type });
      if (saved) onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={QaUiTexts.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      // A fresh, empty form each time it opens.
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="question" onFinish={submit} initialValues={{ question_text: '', cancer_type: GENERAL_CANCER_TYPE }}>
        <Form.Item name="question_text" label={QaUiTexts.questionLabel} rules={questionTextRules}>
          <Input.TextArea rows={5} placeholder={QaUiTexts.questionPlaceholder} />
        </Form.Item>
        <Form.Item name="cancer_type" label={QaUiTexts.cancerTypeLabel}>
          <CancerTypeSelectField />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Form.Item hands its control id, value and onChange down. */
export function CancerTypeSelectField({ id = 'cancer_type', value = GENERAL_CANCER_TYPE, onChange }: { id?: string; value?: string; onChange?: (value: string) => void }) {
  return <CancerTypeSelect id={id} value={value} onChange={(next) => onChange?.(next)} />;
}
