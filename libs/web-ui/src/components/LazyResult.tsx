import { lazy, Suspense, type ComponentProps } from 'react';
import type { Result } from 'antd';

type ResultProps = Pick<ComponentProps<typeof Result>, 'status' | 'title' | 'subTitle' | 'extra'>;

const AntResult = lazy(() => import(/* webpackChunkName: "antd-result" */ './antd-result').then((m) => ({ default: m.Result })));

/**
 * antd's Result (its status pictures are ~9 KB brotli) for the error and not-found states, which a page's first view
 * does not show: fetched when one is drawn. Until then the same words and actions, without the picture.
 */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense
      fallback={
        <div style={{ padding: '48px 32px', textAlign: 'center' }}>
          <div>{props.title}</div>
          {props.subTitle && <div style={{ marginTop: 4 }}>{props.subTitle}</div>}
          {props.extra && <div style={{ marginTop: 24 }}>{props.extra}</div>}
        </div>
      }
    >
      <AntResult {...props} />
    </Suspense>
  );
}
