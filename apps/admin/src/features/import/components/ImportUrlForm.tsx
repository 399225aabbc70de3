import { useId, useState, type KeyboardEvent } from 'react';
import { Button, Form, Input } from 'antd';
import { DEFAULT_IMPORT_CANCER_TYPE, ImportTexts, importUrlLines, importUrlsProblem } from '@cqa/contracts';
import { CancerTypeSelect } from '@cqa/web-ui';
import { ImportFormTexts } from '../texts';

interface ImportUrlFormProps {
  /** Whether new questions are made (the Import tab): then the cancer type select is offered. */
  withCancerType: boolean;
  processing: boolean;
  /** Resolves true when the links were accepted, so the box empties. */
  onProcess: (urls: string[], cancerType: string) => Promise<boolean>;
}

/**
 * The URL box (spec section 5): one link a line, trimmed and blanks dropped; 'Please enter a Link URL' when empty,
 * 'Please enter a valid URL' for a bad line; Cmd/Ctrl+Enter processes; the button waits while blank or processing.
 */
export function ImportUrlForm({ withCancerType, processing, onProcess }: ImportUrlFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [cancerType, setCancerType] = useState(DEFAULT_IMPORT_CANCER_TYPE);
  const [problem, setProblem] = useState<string | null>(null);
  const blank = importUrlLines(text).length === 0;

  const process = async () => {
    if (processing) return;
    const urls = importUrlLines(text);
    const found = importUrlsProblem(urls);
    setProblem(found);
    if (found) return;
    if (await onProcess(urls, cancerType)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void process();
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void process()} style={{ maxWidth: 720 }}>
      <Form.Item label={ImportTexts.boxLabel} htmlFor={`${id}-urls`} validateStatus={problem ? 'error' : undefined} help={problem ?? undefined}>
        <Input.TextArea
          id={`${id}-urls`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={ImportFormTexts.urlPlaceholder}
          aria-invalid={problem ? true : undefined}
          spellCheck={false}
        />
      </Form.Item>
      {withCancerType && (
        <Form.Item label={ImportTexts.cancerTypeLabel} htmlFor={`${id}-type`}>
          <CancerTypeSelect id={`${id}-type`} value={cancerType} onChange={setCancerType} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" disabled={blank || processing} loading={processing}>
        {processing ? ImportTexts.processing : ImportTexts.process}
      </Button>
    </Form>
  );
}
