import { StarFilled } from '@ant-design/icons';
import { Typography } from 'antd';
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
