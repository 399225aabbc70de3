import { Link } from 'react-router-dom';
import { QaUiTexts } from './texts';

export interface StatTile {
  label: string;
  value: number | undefined;
  /** Where the count's items are dealt with (e.g. the registrations waiting, on the user management page). */
  link?: { to: string; text: string };
}

const tileStyle = { minWidth: 180, padding: '12px 16px', border: '1px solid #d9d9d9', borderRadius: 8, background: '#fff' } as const;

/** Dashboard counts; a failed or pending count shows 0 (spec section 8: stat failures return zeros). */
export function StatTiles({ tiles }: { tiles: StatTile[] }) {
  return (
    <section aria-label={QaUiTexts.statsLabel}>
      <dl className="cqa-stat-tiles" style={{ display: 'flex', flexWrap: 'wrap', gap: 16, margin: '0 0 24px' }}>
        {tiles.map((tile) => (
          <div key={tile.label} style={tileStyle}>
            <dt style={{ color: 'rgba(0,0,0,0.65)' }}>{tile.label}</dt>
            <dd style={{ fontSize: 28, fontWeight: 600, margin: 0 }}>{tile.value ?? 0}</dd>
            {tile.link && (
              <dd style={{ margin: 0 }}>
                <Link to={tile.link.to}>{tile.link.text}</Link>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
