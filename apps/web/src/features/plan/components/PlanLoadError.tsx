import { Button, Result } from 'antd';

/** My Plan's load failure (antd's Result), loaded only when it happens. */
export default function PlanLoadError({ detail, onRetry }: { detail: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title="We couldn't load your plan"
      subTitle={detail}
      extra={
        <Button type="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
