import { Button, Popconfirm } from 'antd';
import { type MessageResponse, TwoFactorPaths } from '@cqa/contracts';
import { apiRelative, baseApi, errorMessage } from '@cqa/web-core';
import { AdminTwoFactorTexts as T } from './texts';

const resetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    resetTwoFactor: build.mutation<MessageResponse, string>({
      query: (userId) => ({ url: apiRelative(TwoFactorPaths.adminReset(userId)), method: 'POST' }),
    }),
  }),
});

/** Clears a user's authenticator (a lost phone); the API records it in that user's sign-in log. */
export function ResetTwoFactorButton({ userId, onDone }: { userId: string; onDone: (outcome: { ok: boolean; text: string }) => void }) {
  const [reset, { isLoading }] = resetApi.useResetTwoFactorMutation();
  const run = async () => {
    try {
      onDone({ ok: true, text: (await reset(userId).unwrap()).message });
    } catch (error) {
      onDone({ ok: false, text: errorMessage(error, T.failed) });
    }
  };
  return (
    <Popconfirm title={T.confirmTitle} description={T.confirmText} okText={T.confirmOk} cancelText={T.cancel} onConfirm={() => run()}>
      <Button loading={isLoading}>{T.reset}</Button>
    </Popconfirm>
  );
}
