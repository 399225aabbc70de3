import type { CSSProperties } from 'react';
import { Select } from 'antd';
import { CANCER_TYPES, GENERAL_CANCER_TYPE } from '@cqa/contracts';
import { QaUiTexts } from './texts';

/** 'General' first (questions with no type), then the spec's list. */
export const CANCER_TYPE_CHOICES: readonly string[] = [GENERAL_CANCER_TYPE, ...CANCER_TYPES];

interface CancerTypeSelectProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Filters offer 'All cancer types', which is the empty value. */
  includeAll?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
}

export function CancerTypeSelect({ id, value, onChange, includeAll = false, disabled, style }: CancerTypeSelectProps) {
  const options = [
    ...(includeAll ? [{ value: '', label: QaUiTexts.allCancerTypes }] : []),
    ...CANCER_TYPE_CHOICES.map((type) => ({ value: type, label: type })),
  ];
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 'min(220px, 100%)', ...style }}
    />
  );
}
