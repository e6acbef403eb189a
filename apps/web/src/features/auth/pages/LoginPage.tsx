import type { SignInChallenge } from '@abide/contracts';
import { Alert, App, Button, Tabs } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { AuthScreen } from '../../../shared/components/AuthScreen';
import { CheckEmail } from '../components/CheckEmail';
import { LoginForm } from '../components/LoginForm';
import { RecoverForm } from '../components/RecoverForm';
import { RegisterForm } from '../components/RegisterForm';
import { SecondFactorForm } from '../components/SecondFactorForm';
import { useAuth } from '../useAuth';

type View =
  | { kind: 'tabs'; tab: 'login' | 'register'; notice?: string }
  | { kind: 'forgot' }
  | { kind: 'second-factor'; challenge: SignInChallenge }
  | { kind: 'check-email'; email: string; flow: 'signup' | 'recovery' };

const titles = {
  login: 'Sign in',
  register: 'Create your account',
  forgot: 'Reset your password',
  'second-factor': 'Two-factor sign-in',
  'check-email': 'Check your email',
};

/** The tabbed Login/Register card, without the frame. A signed-in visitor (or one who just signed in) goes to the plan. */
export function LoginPage() {
  const { session } = useAuth();
  const { notification } = App.useApp();
  const [view, setView] = useState<View>({ kind: 'tabs', tab: 'login' });
  // A guard sent the visitor here from an app page: go back there after signing in, else to the plan.
  const from = (useLocation().state as { from?: string } | null)?.from;
  if (session) return <Navigate to={from && from !== '/login' ? from : '/plan'} replace />;

  const backToLogin = (notice?: string) => setView({ kind: 'tabs', tab: 'login', notice });

  return (
    <AuthScreen title={view.kind === 'tabs' ? titles[view.tab] : titles[view.kind]}>
      {view.kind === 'tabs' && view.notice && <Alert type="info" showIcon title={view.notice} className="auth-notice" />}
      {view.kind === 'tabs' && (
        <Tabs
          className="auth-tabs"
          activeKey={view.tab}
          onChange={(tab) => setView({ kind: 'tabs', tab: tab as 'login' | 'register' })}
          centered
          destroyOnHidden
          size="large"
          items={[
            {
              key: 'login',
              label: 'Login',
              children: (
                <LoginForm
                  onForgotPassword={() => setView({ kind: 'forgot' })}
                  onSecondFactor={(challenge) => setView({ kind: 'second-factor', challenge })}
                />
              ),
            },
            {
              key: 'register',
              label: 'Register',
              children: <RegisterForm onRegistered={(email) => setView({ kind: 'check-email', email, flow: 'signup' })} />,
            },
          ]}
        />
      )}
      {view.kind === 'forgot' && (
        <RecoverForm onSent={(email) => setView({ kind: 'check-email', email, flow: 'recovery' })} onBack={() => backToLogin()} />
      )}
      {view.kind === 'second-factor' && (
        <>
          <SecondFactorForm
            challenge={view.challenge}
            onVerified={() => notification.success({ title: 'Welcome back!' })}
            onExpired={backToLogin}
          />
          <Button type="link" block onClick={() => backToLogin()}>
            Back to sign in
          </Button>
        </>
      )}
      {view.kind === 'check-email' && (
        <CheckEmail
          email={view.email}
          purpose={view.flow === 'signup' ? 'to confirm your address and start your journey' : 'to choose a new password'}
          onBack={() => backToLogin()}
        />
      )}
    </AuthScreen>
  );
}
