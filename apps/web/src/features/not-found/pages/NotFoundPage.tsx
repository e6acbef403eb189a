import { CompassOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { ButtonLink } from '../../../shared/components/ButtonLink';

export function NotFoundPage() {
  return (
    <main className="page page--centered">
      <title>Page Not Found · Abide</title>
      <Result
        icon={<CompassOutlined aria-hidden className="result-icon" />}
        title={<h1 className="result-title">Page Not Found</h1>}
        subTitle="The page you are looking for does not exist or has moved."
        extra={
          <ButtonLink type="primary" to="/">
            Back to Home
          </ButtonLink>
        }
      />
    </main>
  );
}
