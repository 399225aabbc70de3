import { useState } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import { ANSWER_TEXT_MAX_LENGTH, Messages, type AnswerView, type CreateAnswerRequest } from '@cqa/contracts';
import { QaUiTexts } from './texts';

export interface AnswerFormValues {
  answer_text: string;
  explanation_logic: string;
  sources: string;
  search_method?: string;
  expert_name?: string;
}

interface AnswerFormProps {
  /** 'Submit Expert Answer', 'Edit Answer', ... */
  title: string;
  /** The answer being edited; absent when adding. */
  answer?: AnswerView;
  /** Search method and expert name belong to expert answers. */
  expertFields: boolean;
  /** The expert name field starts with the user's first name. */
  defaultExpertName?: string;
  submitLabel?: string;
  /** Resolves true when saved; the form then closes. */
  onSubmit: (values: CreateAnswerRequest & { sources: string[] }) => Promise<boolean>;
  onCancel: () => void;
}

const sourceLines = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

/** The answer form of spec section 5: answer, explanation and logic, sources one per line, search method, expert name. */
export function AnswerForm({ title, answer, expertFields, defaultExpertName = '', submitLabel = QaUiTexts.submit, onSubmit, onCancel }: AnswerFormProps) {
  const [form] = Form.useForm<AnswerFormValues>();
  const [saving, setSaving] = useState(false);
  const initialValues: AnswerFormValues = {
    answer_text: answer?.answer_text ?? '',
    explanation_logic: answer?.explanation_logic ?? '',
    sources: (answer?.sources ?? []).join('\n'),
    search_method: answer?.search_method ?? '',
    expert_name: answer?.expert_label ?? answer?.expert_name ?? defaultExpertName,
  };

  const submit = async (values: AnswerFormValues) => {
    setSaving(true);
    try {
      await onSubmit({
        answer_text: values.answer_text.trim(),
        explanation_logic: values.explanation_logic.trim(),
        sources: sourceLines(values.sources),
        ...(expertFields ? { search_method: values.search_method?.trim(), expert_name: values.expert_name?.trim() || undefined } : {}),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" name="answer" initialValues={initialValues} onFinish={submit} aria-label={title}>
        <h3 style={{ fontSize: 18, marginTop: 0 }}>{title}</h3>
        <Form.Item name="answer_text" label={QaUiTexts.answerText} rules={[{ required: true, whitespace: true, message: Messages.validation.answerTextRequired }, { max: ANSWER_TEXT_MAX_LENGTH }]}>
          <Input.TextArea rows={8} />
        </Form.Item>
        <Form.Item name="explanation_logic" label={QaUiTexts.explanation} rules={[{ required: true, whitespace: true, message: Messages.validation.explanationRequired }, { max: ANSWER_TEXT_MAX_LENGTH }]}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item
          name="sources"
          label={QaUiTexts.sources}
          extra={QaUiTexts.sourcesHint}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (sourceLines(value).length === 0) throw new Error(Messages.validation.sourceRequired);
              },
            },
          ]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
        {expertFields && (
          <>
            <Form.Item name="search_method" label={QaUiTexts.searchMethod} rules={[{ required: true, whitespace: true, message: Messages.validation.searchMethodRequired }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item name="expert_name" label={QaUiTexts.expertName}>
              <Input />
            </Form.Item>
          </>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {submitLabel}
          </Button>
          <Button onClick={onCancel} disabled={saving}>
            {QaUiTexts.cancel}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
