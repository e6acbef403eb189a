import { CompassOutlined } from '@ant-design/icons';
import { LiteButton, LiteCard } from '../../../shared/lite/lite-controls';

/** No plan yet. */
export function EmptyPlan({ onGenerate, generating }: { onGenerate: () => void; generating: boolean }) {
  return (
    <LiteCard className="empty-plan">
      <CompassOutlined aria-hidden className="empty-plan__icon" />
      <h2 className="empty-plan__title">No plan for this week yet</h2>
      <p className="empty-plan__text muted">We'll put together a week of prayer, Scripture and practice shaped by your goals.</p>
      <LiteButton type="primary" size="large" onClick={onGenerate} loading={generating}>
        Generate Plan
      </LiteButton>
    </LiteCard>
  );
}
