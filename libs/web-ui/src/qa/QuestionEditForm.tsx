import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import type { UpdateQuestionRequest } from '@cqa/contracts';
import { CancerTypeSelectField } from './QuestionFormModal';
import { questionTextRules } from './question-rules';
import { QaUiTexts } from './texts';

interface QuestionEditFormProps {
  /** Which of the two fields this editor changes. */
  fields: ReadonlyArray<'question_text' | 'cancer_type'>;
  initial: { question_text: string; cancer_type: string };
  /** Resolves true when saved; the caller then closes the editor. */
  onSave: (values: UpdateQuestionRequest) => Promise<boolean>;
  onCancel: () => void;
  name: string;
}

/** Inline edit of a question's text and/or cancer type, with Save and Cancel. */
export function QuestionEditForm({ fields, initial, onSave, onCancel, name }: QuestionEditFormProps) {
  const [saving, setSaving] = useState(false);
  const submit = async (values: UpdateQuestionRequest) => {
    setSaving(true);
    try {
      const body: UpdateQuestionRequest = {};
      if (fields.includes('question_text')) body.question_text = values.question_text?.trim();
      if (fields.includes('cancer_type')) body.cancer_type = values.cancer_type;
      await onSave(body);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form layout="vertical" name={name} initialValues={initial} onFinish={submit} style={{ marginBottom: 16 }}>
      {fields.includes('cancer_type') && (
        <Form.Item name="cancer_type" label={QaUiTexts.cancerTypeLabel}>
          <CancerTypeSelectField />
        </Form.Item>
      )}
      {fields.includes('question_text') && (
        <Form.Item name="question_text" label={QaUiTexts.questionLabel} rules={questionTextRules}>
          <Input.TextArea rows={4} />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {QaUiTexts.save}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          {QaUiTexts.cancel}
        </Button>
      </Space>
    </Form>
  );
}
