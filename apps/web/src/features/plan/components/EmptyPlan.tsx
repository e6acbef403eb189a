import { CompassOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';

/** No plan yet. */
export function EmptyPlan({ onGenerate, generating }: { onGenerate: () => void; generating: boolean }) {
  return (
    <Card variant="borderless" className="empty-plan">
      <CompassOutlined aria-hidden className="empty-plan__icon" />
      <h2 className="empty-plan__title">No plan for this week yet</h2>
      <p className="empty-plan__text muted">We'll put together a week of prayer, Scripture and practice shaped by your goals.</p>
      <Button type="primary" size="large" onClick={onGenerate} loading={generating}>
        Generate Plan
      </Button>
    </Card>
  );
}
