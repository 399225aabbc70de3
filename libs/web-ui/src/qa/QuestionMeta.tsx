import type { ReactNode } from 'react';
import { Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { QuestionTexts, displayCancerType } from '@cqa/contracts';
import { formatDate } from './format';
import { QaUiTexts } from './texts';

/** The question's cancer type as a badge. */
export function CancerTypeBadge({ value }: { value: string | null | undefined }) {
  return (
    <Tag color="blue" style={{ fontSize: 14, padding: '2px 10px' }}>
      {displayCancerType(value)}
    </Tag>
  );
}

interface QuestionMetaProps {
  createdAt: string;
  /** null shows 'Anonymous'; undefined (the server leaves it out for patients) shows no patient line at all. */
  patientId: string | null | undefined;
  /** Where View Profile leads; no link when absent (patients never see it). */
  profileHref?: string;
  /** Experts open the profile in a new tab. */
  profileInNewTab?: boolean;
  /** The cancer type, or its inline editor. */
  cancerType: ReactNode;
}

/** Cancer type, submission date and the asking patient's id (spec section 2, question detail). */
export function QuestionMeta({ createdAt, patientId, profileHref, profileInNewTab = false, cancerType }: QuestionMetaProps) {
  return (
    <Space size={[16, 8]} wrap style={{ marginBottom: 12 }}>
      {cancerType}
      <Typography.Text type="secondary">{QaUiTexts.submitted(formatDate(createdAt))}</Typography.Text>
      {patientId !== undefined && (
        <Typography.Text type="secondary">
          {QaUiTexts.patientId}: {patientId ?? QuestionTexts.anonymous}
        </Typography.Text>
      )}
      {patientId &&
        profileHref &&
        (profileInNewTab ? (
          <a href={profileHref} target="_blank" rel="noopener noreferrer">
            {QuestionTexts.viewProfile}
          </a>
        ) : (
          <Link to={profileHref}>{QuestionTexts.viewProfile}</Link>
        ))}
    </Space>
  );
}
