import { lazy, Suspense, type ComponentProps } from 'react';
import type { Result } from 'antd';

type ResultProps = Pick<ComponentProps<typeof Result>, 'status' | 'title' | 'subTitle' | 'extra'>;

const AntResult = lazy(() => import(/* webpackChunkName: "antd-result" */ './antd-result').then((m) => ({ default: m.Result })));

/**
 * antd's Result (its status pictures are ~9 KB brotli) for the error and not-found states, which a page's first view
 * does not show: fetched when one is drawn, the same words without the picture until then. The actions (`extra`: Retry,
 * a link back) stay outside the part that is swapped, so a click on them is never lost to the swap.
 */
export function LazyResult({ extra, ...props }: ResultProps) {
  return (
    <div>
      <Suspense
        fallback={
          <div style={{ padding: '48px 32px 0', textAlign: 'center' }}>
            <div>{props.title}</div>
            {props.subTitle && <div style={{ marginTop: 4 }}>{props.subTitle}</div>}
          </div>
        }
      >
        <AntResult {...props} style={{ paddingBottom: 0 }} />
      </Suspense>
      {extra && <div style={{ textAlign: 'center', padding: '24px 32px 48px' }}>{extra}</div>}
    </div>
  );
}
