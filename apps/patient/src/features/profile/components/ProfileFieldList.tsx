import type { ReactNode } from 'react';
import { Descriptions } from 'antd';
import {
  ProfileTexts, SYMPTOM_CATEGORIES, SYMPTOM_CATEGORY_LABELS, isEmptyValue, type ProfileFieldDef, type ProfileFieldName, type SymptomMap,
} from '@cqa/contracts';
import { EMPTY_FIELD_TEXT, displayedFields, formatFieldValue, type ProfileValues } from '../model';

function SymptomsValue({ symptoms, other }: { symptoms: SymptomMap; other: string | null | undefined }) {
  const categories = SYMPTOM_CATEGORIES.filter((c) => (symptoms[c]?.length ?? 0) > 0);
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {categories.map((category) => {
        let text = `${SYMPTOM_CATEGORY_LABELS[category]}: ${(symptoms[category] ?? []).join(', ')}`;
        if (category === 'None') text = SYMPTOM_CATEGORY_LABELS.None;
        // A chosen 'Other' shows its description, or 'Other' when there is none.
        if (category === 'Other') text = other?.trim() || ProfileTexts.other;
        return <li key={category}>{text}</li>;
      })}
    </ul>
  );
}

function RelativeDetailsValue({ details }: { details: Record<string, string> }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {Object.entries(details).map(([relative, text]) => (
        <li key={relative}>{`${relative}: ${text}`}</li>
      ))}
    </ul>
  );
}

/** A field's value in a read-only view: the 'Other' text, a formatted number or year, lists, or the empty text. */
export function ProfileValue({ field, values }: { field: ProfileFieldDef; values: ProfileValues }): ReactNode {
  const value = values[field.name];
  if (isEmptyValue(value)) return EMPTY_FIELD_TEXT[field.name] ?? ProfileTexts.notSpecified;
  if (field.kind === 'symptoms') return <SymptomsValue symptoms={value as SymptomMap} other={values.clinical_symptoms_other} />;
  if (field.kind === 'relative_details') return <RelativeDetailsValue details={value as Record<string, string>} />;
  return formatFieldValue(field, values) ?? ProfileTexts.notSpecified;
}

/** The listed fields of a profile as label and value pairs, 'Not specified' where unanswered. */
export function ProfileFieldList({ names, values }: { names: readonly ProfileFieldName[]; values: ProfileValues }) {
  const fields = displayedFields(names, values);
  // Every field of the group depends on an answer not given (no surgery chosen, ...).
  if (!fields.length) return <p>{ProfileTexts.notSpecified}</p>;
  return (
    <Descriptions
      column={1}
      size="small"
      styles={{ label: { width: '40%', color: '#434343' } }}
      items={fields.map((field) => ({ key: field.name, label: field.label, children: <ProfileValue field={field} values={values} /> }))}
    />
  );
}
