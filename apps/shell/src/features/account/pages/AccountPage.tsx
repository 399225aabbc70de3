import { Card, Space } from 'antd';
import { Link } from 'react-router-dom';
import { AccountPageTexts as T } from '@cqa/contracts';
import { paths, selectCurrentUser, useAppSelector } from '@cqa/web-core';
import { PageTitle } from '@cqa/web-ui';
import { ChangeEmailCard } from '../components/ChangeEmailCard';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { CredentialsCard } from '../components/CredentialsCard';
import { DataExportCard } from '../components/DataExportCard';
import { DeleteAccountCard } from '../components/DeleteAccountCard';
import { SessionsCard } from '../components/SessionsCard';

/**
 * Any signed-in user's own account (issue 44): the password, the e-mail address, the sessions, the second factor's
 * settings, the archive of one's data, and deleting the account.
 */
export function AccountPage() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <section style={{ maxWidth: 720 }}>
      <PageTitle>{T.title}</PageTitle>
      {user && <p>{T.signedInAs(user.email)}</p>}
      <Space orientation="vertical" size={24} style={{ width: '100%' }}>
        <CredentialsCard />
        <ChangePasswordCard />
        <ChangeEmailCard />
        <SessionsCard />
        <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{T.twoFactorTitle}</h2>}>
          <Link to={paths.accountSecurity}>{T.securityLink}</Link>
        </Card>
        <DataExportCard />
        <DeleteAccountCard />
      </Space>
    </section>
  );
}
