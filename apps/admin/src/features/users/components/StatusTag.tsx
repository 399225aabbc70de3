import { Tag } from 'antd';
import type { ApprovalStatus } from '@cqa/contracts';
import { tagStyles } from '@cqa/web-ui';
import { approvalLabel, emailStatusLabel } from '../approval';

type Tone = 'neutral' | 'success' | 'warning' | 'danger';

const TONE_STYLE = {
  neutral: { color: '#262626', background: '#fafafa', borderColor: '#d9d9d9' },
  ...tagStyles,
} as const;

const APPROVAL_TONE: Record<ApprovalStatus, Tone> = { approved: 'success', pending: 'warning', rejected: 'danger', disabled: 'neutral' };

/** Every status cell of the user screens looks the same: a tag with the spec's word, capitalised (see approval.ts). */
export function StatusTag({ label, tone = 'neutral' }: { label: string; tone?: Tone }) {
  return <Tag style={{ ...TONE_STYLE[tone], marginInlineEnd: 0 }}>{label}</Tag>;
}

export function ApprovalStatusTag({ status }: { status: ApprovalStatus | null | undefined }) {
  return <StatusTag label={approvalLabel(status)} tone={APPROVAL_TONE[status ?? 'pending']} />;
}

export function EmailStatusTag({ confirmedAt }: { confirmedAt: string | null | undefined }) {
  return <StatusTag label={emailStatusLabel(confirmedAt)} tone={confirmedAt ? 'success' : 'warning'} />;
}
