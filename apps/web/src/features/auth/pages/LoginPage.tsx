import { Card, Typography } from 'antd';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { TAGLINE } from '../../../shared/brand';
import { BrandMark } from '../../../shared/components/BrandMark';
import { selectIsSignedIn } from '../authSlice';
import { SignUpForm } from '../components/SignUpForm';

/** Rendered without the shared frame (spec §2). A signed-in visitor goes straight to their plan. */
export function LoginPage() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  if (isSignedIn) return <Navigate to="/plan" replace />;

  return (
    <main className="auth-screen">
      <title>Create your account · Abide</title>
      <div className="auth-screen__inner">
        <header className="auth-screen__header">
          <BrandMark />
          <Typography.Paragraph type="secondary" className="auth-screen__tagline">
            {TAGLINE}
          </Typography.Paragraph>
        </header>
        <Card className="auth-card" variant="borderless">
          <Typography.Title level={1} className="auth-card__title">
            Create your account
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="auth-card__subtitle">
            Start a personal plan for prayer, Scripture and community.
          </Typography.Paragraph>
          <SignUpForm />
        </Card>
      </div>
    </main>
  );
}
