import { Button, Typography } from 'antd';
import { QaUiTexts } from './texts';

interface PagerProps {
  page: number;
  /** How many items the current page came back with. */
  itemCount: number;
  perPage: number;
  onChange: (page: number) => void;
  busy?: boolean;
}

/** There is no total: Next is enabled only when the page came back full (spec section 9). */
export function Pager({ page, itemCount, perPage, onChange, busy = false }: PagerProps) {
  return (
    <nav aria-label={QaUiTexts.pagination} style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 16 }}>
      <Button onClick={() => onChange(page - 1)} disabled={busy || page <= 1}>
        {QaUiTexts.previous}
      </Button>
      <Typography.Text aria-current="page">{QaUiTexts.page(page)}</Typography.Text>
      <Button onClick={() => onChange(page + 1)} disabled={busy || itemCount < perPage}>
        {QaUiTexts.next}
      </Button>
    </nav>
  );
}
