import { useState, type CSSProperties, type ReactNode } from 'react';
import { Checkbox, Collapse, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import {
  HEIGHT_FEET_MAX, HEIGHT_INCHES_MAX, KARNOFSKY_SCALE, Messages, NONE_OPTION, SYMPTOM_CATEGORIES, SYMPTOM_CATEGORY_LABELS, SYMPTOMS_BY_CATEGORY,
  clampNumber, cmToFeetInches, computeBmi, feetInchesToCm, validateFieldValue,
  type PatientProfileData, type ProfileFieldDef, type SymptomCategory, type SymptomMap,
} from '@cqa/contracts';
import { ProfileScreenTexts } from '../texts';

type Values = Partial<PatientProfileData>;

export interface ProfileFieldProps {
  field: ProfileFieldDef;
  values: Values;
  error?: string | null;
  onChange: (name: ProfileFieldDef['name'], value: unknown) => void;
  /** Called when focus leaves the field; the wizard validates and clamps then. */
  onBlur: (name: ProfileFieldDef['name']) => void;
}

const fieldId = (name: string) => `profile-${name}`;
const errorId = (name: string) => `profile-${name}-error`;
const legendStyle: CSSProperties = { fontSize: 14, marginBottom: 8, padding: 0, border: 0 };
const fieldsetStyle: CSSProperties = { border: 0, margin: 0, padding: 0, minWidth: 0 };
const gridStyle: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '4px 16px' };

/** The attributes that tie an input to its error text. */
function errorProps(name: string, error?: string | null) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};
}

/**
 * One profile field, rendered from its schema definition: the same component for every field of the wizard.
 * Choice lists, bounds, labels and visibility all come from PROFILE_FIELDS; this only picks the control for the kind.
 */
export function ProfileField({ field, values, error, onChange, onBlur }: ProfileFieldProps) {
  const { name, label } = field;
  const value = values[name];
  const help = error ? <span id={errorId(name)}>{error}</span> : undefined;
  const item = (control: ReactNode, options: { labelled?: boolean } = {}) => (
    <Form.Item
      label={options.labelled === false ? undefined : label}
      htmlFor={options.labelled === false ? undefined : fieldId(name)}
      required={field.requiredOnSubmit}
      validateStatus={error ? 'error' : undefined}
      help={help}
      extra={field.help}
    >
      {control}
    </Form.Item>
  );
  const blur = () => onBlur(name);

  switch (field.kind) {
    case 'text':
      return item(
        <Input
          id={fieldId(name)}
          value={typeof value === 'string' ? value : ''}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          onChange={(e) => onChange(name, e.target.value)}
          onBlur={blur}
          {...errorProps(name, error)}
        />,
      );
    case 'textarea':
      return item(
        <Input.TextArea
          id={fieldId(name)}
          value={typeof value === 'string' ? value : ''}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          autoSize={{ minRows: 2, maxRows: 8 }}
          onChange={(e) => onChange(name, e.target.value)}
          onBlur={blur}
          {...errorProps(name, error)}
        />,
      );
    case 'integer':
    case 'decimal':
    case 'weight':
      if (field.derived) return <DerivedValue field={field} values={values} />;
      return (
        <>
          {item(
            <InputNumber
              id={fieldId(name)}
              value={typeof value === 'number' ? value : null}
              step={field.increment}
              precision={field.kind === 'integer' ? 0 : undefined}
              suffix={field.unit}
              style={{ width: 200 }}
              onChange={(next) => onChange(name, next ?? null)}
              onBlur={blur}
              {...errorProps(name, error)}
            />,
          )}
        </>
      );
    case 'year':
      return item(
        <Input
          id={fieldId(name)}
          value={value === null || value === undefined ? '' : String(value)}
          inputMode="numeric"
          maxLength={4}
          placeholder={field.placeholder}
          style={{ width: 200 }}
          onChange={(e) => onChange(name, e.target.value)}
          onBlur={blur}
          {...errorProps(name, error)}
        />,
      );
    case 'select':
      return item(
        <Select
          id={fieldId(name)}
          value={typeof value === 'string' ? value : undefined}
          options={(field.options ?? []).map((option) => ({ value: option, label: option }))}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ maxWidth: 480 }}
          onChange={(next?: string) => onChange(name, next ?? null)}
          onBlur={blur}
          {...errorProps(name, error)}
        />,
      );
    case 'yes_no':
      return item(
        <fieldset style={fieldsetStyle} {...errorProps(name, error)}>
          <Legend field={field} />
          <Radio.Group
            value={typeof value === 'string' ? value : undefined}
            options={(field.options ?? []).map((option) => ({ value: option, label: option }))}
            onChange={(e) => {
              onChange(name, e.target.value);
              onBlur(name);
            }}
          />
        </fieldset>,
        { labelled: false },
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      const noneChosen = Boolean(field.exclusiveNone) && chosen.includes(NONE_OPTION);
      return item(
        <fieldset style={fieldsetStyle} {...errorProps(name, error)}>
          <Legend field={field} />
          <Checkbox.Group
            value={chosen}
            style={gridStyle}
            options={(field.options ?? []).map((option) => ({ value: option, label: option, disabled: noneChosen && option !== NONE_OPTION }))}
            onChange={(next) => {
              onChange(name, next as string[]);
              onBlur(name);
            }}
          />
        </fieldset>,
        { labelled: false },
      );
    }
    case 'karnofsky':
      return item(
        <Select
          id={fieldId(name)}
          value={typeof value === 'number' ? value : undefined}
          options={KARNOFSKY_SCALE.map(({ score, description }) => ({ value: score, label: `${score} – ${description}` }))}
          allowClear
          style={{ maxWidth: 640 }}
          onChange={(next?: number) => onChange(name, next ?? null)}
          onBlur={blur}
          {...errorProps(name, error)}
        />,
      );
    case 'height':
      return item(<HeightInput field={field} value={typeof value === 'number' ? value : null} onChange={(cm) => onChange(name, cm)} />, {
        labelled: false,
      });
    case 'symptoms':
      return item(<SymptomsInput field={field} value={(value as SymptomMap | null | undefined) ?? null} onChange={(next) => onChange(name, next)} />, {
        labelled: false,
      });
    case 'relative_details':
      return (
        <RelativeDetailsInput
          field={field}
          relatives={Array.isArray(values.family_history_relatives) ? values.family_history_relatives : []}
          value={(value as Record<string, string> | null | undefined) ?? null}
          onChange={(next) => onChange(name, next)}
        />
      );
  }
}

/** A group's caption, with the required mark antd puts on labels. */
function Legend({ field }: { field: ProfileFieldDef }) {
  return (
    <legend style={legendStyle}>
      {field.requiredOnSubmit && (
        <span aria-hidden style={{ color: '#cf1322', marginInlineEnd: 4 }}>
          *
        </span>
      )}
      {field.label}
    </legend>
  );
}

function DerivedValue({ field, values }: { field: ProfileFieldDef; values: Values }) {
  const value = field.name === 'bmi' ? computeBmi(values.weight, values.height) : values[field.name];
  return (
    <Form.Item label={field.label} extra={field.name === 'bmi' ? ProfileScreenTexts.bmiHint : undefined}>
      <output aria-label={field.label}>{value === null || value === undefined ? '—' : String(value)}</output>
    </Form.Item>
  );
}

/** Height is entered as feet (0-8) and inches (0-11) and stored in centimetres; each part is clamped on blur. */
function HeightInput({ field, value, onChange }: { field: ProfileFieldDef; value: number | null; onChange: (cm: number | null) => void }) {
  const initial = cmToFeetInches(value);
  const [feet, setFeet] = useState<number | null>(initial?.feet ?? null);
  const [inches, setInches] = useState<number | null>(initial ? Math.round(initial.inches) : null);
  const [errors, setErrors] = useState<{ feet?: string | null; inches?: string | null }>({});
  const parts = {
    feet: { def: { ...field, kind: 'integer' as const, label: ProfileScreenTexts.feet, min: 0, max: HEIGHT_FEET_MAX }, value: feet, set: setFeet },
    inches: { def: { ...field, kind: 'integer' as const, label: ProfileScreenTexts.inches, min: 0, max: HEIGHT_INCHES_MAX }, value: inches, set: setInches },
  };

  const update = (part: 'feet' | 'inches', next: number | null) => {
    parts[part].set(next);
    setErrors((e) => ({ ...e, [part]: null }));
    const f = part === 'feet' ? next : feet;
    const i = part === 'inches' ? next : inches;
    onChange(feetInchesToCm(f, i));
  };
  const blur = (part: 'feet' | 'inches') => {
    const { def, value: current } = parts[part];
    if (current === null) return;
    const message = validateFieldValue(def, current, { checkRequired: false });
    if (!message) return;
    const clamped = clampNumber(def, current);
    update(part, clamped);
    setErrors((e) => ({ ...e, [part]: message }));
  };

  return (
    <fieldset style={fieldsetStyle}>
      <Legend field={field} />
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        {(['feet', 'inches'] as const).map((part) => {
          const id = `profile-height-${part}`;
          const error = errors[part];
          return (
            <div key={part}>
              <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
                {parts[part].def.label}
              </label>
              <InputNumber
                id={id}
                value={parts[part].value}
                precision={0}
                status={error ? 'error' : undefined}
                onChange={(next) => update(part, next ?? null)}
                onBlur={() => blur(part)}
                {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
              />
              {error && (
                <div id={`${id}-error`} className="ant-form-item-explain-error" style={{ color: '#cf1322' }}>
                  {error}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Review of systems: the symptoms of each body system; the None category clears and disables every other. */
function SymptomsInput({ field, value, onChange }: { field: ProfileFieldDef; value: SymptomMap | null; onChange: (next: SymptomMap) => void }) {
  const noneChosen = (value?.None?.length ?? 0) > 0;
  const set = (category: SymptomCategory, symptoms: string[]) => onChange({ ...(value ?? {}), [category]: symptoms });
  const single = (category: 'None' | 'Other') => (
    <Checkbox
      checked={(value?.[category]?.length ?? 0) > 0}
      disabled={category !== 'None' && noneChosen}
      onChange={(e) => set(category, e.target.checked ? [...SYMPTOMS_BY_CATEGORY[category]] : [])}
    >
      {SYMPTOM_CATEGORY_LABELS[category]}
    </Checkbox>
  );
  const systems = SYMPTOM_CATEGORIES.filter((c) => c !== 'None' && c !== 'Other');

  return (
    <fieldset style={fieldsetStyle}>
      <Legend field={field} />
      <div style={{ display: 'flex', gap: 24, marginBottom: 8 }}>
        {single('None')}
        {single('Other')}
      </div>
      <Collapse
        size="small"
        items={systems.map((category) => {
          const chosen = value?.[category] ?? [];
          return {
            key: category,
            label: `${SYMPTOM_CATEGORY_LABELS[category]}${chosen.length ? ` (${ProfileScreenTexts.symptomsChosen(chosen.length)})` : ''}`,
            children: (
              <fieldset style={fieldsetStyle}>
                <legend style={{ ...legendStyle, position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  {SYMPTOM_CATEGORY_LABELS[category]}
                </legend>
                <Checkbox.Group
                  value={chosen}
                  disabled={noneChosen}
                  style={gridStyle}
                  options={SYMPTOMS_BY_CATEGORY[category].map((s) => ({ value: s, label: s }))}
                  onChange={(next) => set(category, next as string[])}
                />
              </fieldset>
            ),
          };
        })}
      />
    </fieldset>
  );
}

/** One text per chosen relative (family_history_details maps relative → text). */
function RelativeDetailsInput({
  field, relatives, value, onChange,
}: { field: ProfileFieldDef; relatives: readonly string[]; value: Record<string, string> | null; onChange: (next: Record<string, string>) => void }) {
  return (
    <fieldset style={{ ...fieldsetStyle, marginBottom: 24 }}>
      <Legend field={field} />
      {field.help && <Typography.Paragraph type="secondary">{field.help}</Typography.Paragraph>}
      {relatives.map((relative) => {
        const id = `profile-family-details-${relative.toLowerCase().replace(/\W+/g, '-')}`;
        return (
          <Form.Item key={relative} label={ProfileScreenTexts.detailsFor(relative)} htmlFor={id}>
            <Input.TextArea
              id={id}
              value={value?.[relative] ?? ''}
              maxLength={field.maxLength}
              autoSize={{ minRows: 1, maxRows: 4 }}
              onChange={(e) => onChange({ ...(value ?? {}), [relative]: e.target.value })}
            />
          </Form.Item>
        );
      })}
    </fieldset>
  );
}

/** The messages a number field's blur can produce: the range ones clamp the value. */
export function isRangeMessage(message: string | null, field: ProfileFieldDef): boolean {
  if (!message) return false;
  return (
    (field.max !== undefined && message === Messages.validation.valueTooLarge(field.max)) ||
    message === Messages.validation.valueTooSmall(field.min ?? 0)
  );
}
