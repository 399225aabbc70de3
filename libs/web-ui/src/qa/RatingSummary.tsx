import { StarFilled } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { RATING_ROLES, type AnswerView } from '@cqa/contracts';
import { formatAverage } from './format';
import { QaUiTexts } from './texts';
import { VisuallyHidden } from './VisuallyHidden';

/** Average with one decimal and the number of ratings. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  const shown = formatAverage(average);
  if (!count || shown == null) return <Typography.Text type="secondary">{QaUiTexts.noRatings}</Typography.Text>;
  return (
    <Typography.Text>
      <StarFilled aria-hidden style={{ color: '#ad6800', marginRight: 4 }} />
      <VisuallyHidden>{QaUiTexts.averageRating} </VisuallyHidden>
      <strong>{shown}</strong> ({QaUiTexts.ratingCount(count)})
    </Typography.Text>
  );
}

/** The average and count of each role's ratings (experts, patients), shown to everyone. */
export function RoleRatings({ ratings }: { ratings: AnswerView['ratings_by_role'] }) {
  return (
    <Space size={[12, 4]} wrap aria-label={QaUiTexts.ratingsByRole} role="group" data-testid="role-ratings">
      {RATING_ROLES.map((role) => {
        const { average, count } = ratings[role];
        const shown = formatAverage(average);
        return (
          <Typography.Text key={role} type="secondary" data-testid={`role-rating-${role}`}>
            {QaUiTexts.roleRatings[role]}: {count && shown != null ? `${shown} (${QaUiTexts.ratingCount(count)})` : QaUiTexts.noRatings}
          </Typography.Text>
        );
      })}
    </Space>
  );
}
