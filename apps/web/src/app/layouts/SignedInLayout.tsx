import { LogoutOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { Outlet } from 'react-router-dom';
import { selectCurrentUser } from '../../features/auth/authSlice';
import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { useSignOut } from '../../features/auth/hooks/useSignOut';
import { BrandMark } from '../../shared/components/BrandMark';
import { useAppSelector } from '../hooks';

/** The signed-in frame: for now the brand, who is signed in, and Log out. Navigation arrives with the other pages. */
export function SignedInLayout() {
  return (
    <RequireAuth>
      <div className="frame">
        <SignedInHeader />
        <Outlet />
      </div>
    </RequireAuth>
  );
}

function SignedInHeader() {
  const user = useAppSelector(selectCurrentUser);
  const signOut = useSignOut();
  return (
    <header className="frame__header frame__header--sticky">
      <div className="frame__bar">
        <BrandMark to="/plan" />
        <div className="frame__account">
          <Typography.Text className="frame__user" ellipsis>
            {user?.name || user?.email}
          </Typography.Text>
          <Button icon={<LogoutOutlined aria-hidden />} onClick={signOut}>
            Log out
          </Button>
        </div>
      </div>
    </header>
  );
}
