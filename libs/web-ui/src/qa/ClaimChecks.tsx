import { Tag, Typography } from 'antd';
import { JUDGE_VERDICT_LABELS, SUPPORT_RULE_LABELS, type ClaimCheckView, type JudgeResult } from '@cqa/contracts';
import { tagStyles } from './format';
import { ClaimCheckTexts } from './texts';

/** 'Judge: Not supported — the quote reports fatigue, not survival.' */
export function JudgeLine({ judge }: { judge: JudgeResult }) {
  return (
    <span>
      {ClaimCheckTexts.judge}: <strong>{JUDGE_VERDICT_LABELS[judge.verdict] ?? judge.verdict}</strong>
      {judge.reason ? ` — ${judge.reason}` : ''}
    </span>
  );
}

export interface ClaimCheckListProps {
  claims: readonly ClaimCheckView[];
  /** 'all': every rule with its result (an admin's view of a run); 'failed': only the rules a claim failed. */
  rules?: 'all' | 'failed';
  /** The Published / Withheld tag; off for a list that holds withheld claims only. */
  showStatus?: boolean;
  /** How a deep research section ('evidence') is named; the section is not shown without it. */
  sectionLabel?: (section: string) => string;
  /** Names the list for screen readers. */
  label?: string;
}

const SUB_LIST = { margin: '2px 0 0', paddingInlineStart: 20 } as const;

/** Each statement the verifier checked: published or withheld (in words), why, each rule's result and the judge's verdict. */
export function ClaimCheckList({ claims, rules = 'failed', showStatus = true, sectionLabel, label = ClaimCheckTexts.listLabel }: ClaimCheckListProps) {
  return (
    <ol aria-label={label} style={{ margin: 0, paddingInlineStart: 20, overflowWrap: 'anywhere' }}>
      {claims.map((claim) => {
        const shownRules = rules === 'all' ? claim.rules : claim.rules.filter((r) => !r.passed);
        return (
          <li key={`${claim.position}-${claim.text}`} style={{ marginBottom: 8 }}>
            <div>
              {showStatus && (
                <Tag style={claim.published ? tagStyles.success : tagStyles.warning}>{claim.published ? ClaimCheckTexts.published : ClaimCheckTexts.withheld}</Tag>
              )}
              {claim.section && sectionLabel && <Typography.Text type="secondary">{sectionLabel(claim.section)}: </Typography.Text>}
              {claim.text}
            </div>
            {claim.reasons.length > 0 && (
              <div>
                {ClaimCheckTexts.reasons}:
                <ul style={SUB_LIST}>
                  {claim.reasons.map((reason, i) => (
                    <li key={i}>{reason}</li>
                  ))}
                </ul>
              </div>
            )}
            {shownRules.length > 0 && (
              <div>
                {ClaimCheckTexts.rules}:
                <ul style={SUB_LIST}>
                  {shownRules.map((r) => (
                    <li key={r.rule}>
                      {SUPPORT_RULE_LABELS[r.rule] ?? r.rule}: {r.passed ? ClaimCheckTexts.rulePassed : ClaimCheckTexts.ruleFailed}
                      {!r.passed && r.detail ? ` — ${r.detail}` : ''}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {claim.judge ? (
              <div>
                <JudgeLine judge={claim.judge} />
              </div>
            ) : (
              rules === 'all' && (
                <div>
                  {ClaimCheckTexts.judge}: {ClaimCheckTexts.notJudged}
                </div>
              )
            )}
          </li>
        );
      })}
    </ol>
  );
}
