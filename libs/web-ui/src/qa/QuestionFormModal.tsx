import { useState } from 'react';
import { Checkbox, Form, Input, Modal } from 'antd';
import { AiTexts, GENERAL_CANCER_TYPE, type CreateQuestionRequest } from '@cqa/contracts';
import { CANCER_TYPE_CHOICES, CancerTypeSelect } from './CancerTypeSelect';
import { questionTextRules } from './question-rules';
import { useSimilarSuggestions, type UseSimilarQuestions } from './SimilarQuestions';
import { QaUiTexts } from './texts';

interface QuestionFormModalProps {
  open: boolean;
  title: string;
  okText?: string;
  /** Resolves true when saved; the modal then closes and clears. */
  onSubmit: (values: CreateQuestionRequest) => Promise<boolean>;
  onClose: () => void;
  /** Offer 'Use my health profile to tailor the AI answer' (patients, when AI is configured and the server allows it). */
  offerUseProfile?: boolean;
  /** Answered questions like the one being typed, under the text box; choosing one opens it (at similarHref) instead of asking again. */
  useSimilar?: UseSimilarQuestions;
  similarHref?: (id: number) => string;
  /** The cancer type chosen when it opens (the patient's own, from their profile); 'General' when absent or not one of the list's. */
  defaultCancerType?: string | null;
}

interface Values {
  question_text: string;
  cancer_type: string;
  use_profile?: boolean;
}

/** 'Ask a New Question' for patients and 'Create Question Manually' for admins. */
export function QuestionFormModal({
  open, title, okText = QaUiTexts.submit, onSubmit, onClose, offerUseProfile = false, useSimilar, similarHref, defaultCancerType,
}: QuestionFormModalProps) {
  const cancerType = defaultCancerType && CANCER_TYPE_CHOICES.includes(defaultCancerType) ? defaultCancerType : GENERAL_CANCER_TYPE;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const typed = Form.useWatch('question_text', form) ?? '';
  const similar = useSimilarSuggestions({ text: open ? typed : '', useSimilar, hrefFor: similarHref, onChosen: onClose });
  const suggests = !!(useSimilar && similarHref);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const request: CreateQuestionRequest = { question_text: values.question_text.trim(), cancer_type: values.cancer_type };
      if (offerUseProfile) request.use_profile = values.use_profile === true;
      const saved = await onSubmit(request);
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
      <Form form={form} layout="vertical" name="question" onFinish={submit} initialValues={{ question_text: '', cancer_type: cancerType, use_profile: false }}>
        <Form.Item name="question_text" label={QaUiTexts.questionLabel} rules={questionTextRules} style={suggests && similar.open ? { marginBottom: 8 } : undefined}>
          <Input.TextArea rows={5} placeholder={QaUiTexts.questionPlaceholder} {...(suggests ? similar.fieldProps : {})} />
        </Form.Item>
        {suggests && <div style={{ marginBottom: 16 }}>{similar.list}</div>}
        <Form.Item name="cancer_type" label={QaUiTexts.cancerTypeLabel}>
          <CancerTypeSelectField />
        </Form.Item>
        {offerUseProfile && (
          <Form.Item name="use_profile" valuePropName="checked" extra={AiTexts.useProfileHelp} style={{ marginBottom: 0 }}>
            <Checkbox>{AiTexts.useProfileLabel}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** Form.Item hands its control id, value and onChange down. */
export function CancerTypeSelectField({ id = 'cancer_type', value = GENERAL_CANCER_TYPE, onChange }: { id?: string; value?: string; onChange?: (value: string) => void }) {
  return <CancerTypeSelect id={id} value={value} onChange={(next) => onChange?.(next)} />;
}
