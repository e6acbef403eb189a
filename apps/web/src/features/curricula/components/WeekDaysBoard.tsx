import {
  type Active,
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  type KeyboardCoordinateGetter,
  type Over,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useDroppable,
} from '@dnd-kit/core';
import { hasSortableData, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type ActivityDraft, dayHasRoom, dayNames, moveActivity, placeOfActivity, removeActivity } from '../curriculum-draft';
import { SortableRow, useSortSensors } from './SortableList';

type Days = ActivityDraft[][];

interface WeekDaysBoardProps {
  days: Days;
  weekNumber: number;
  onChange: (days: Days) => void;
  onEdit: (activity: ActivityDraft, day: number) => void;
  onAdd: (day: number) => void;
}

/** A day's droppable id; activities are droppable by their own ids. */
const dayId = (day: number) => `day:${day}`;
const dayOfId = (id: UniqueIdentifier): number | undefined => (String(id).startsWith('day:') ? Number(String(id).slice(4)) : undefined);
const nameOf = (a: ActivityDraft | undefined) => a?.name || 'The activity';
const sameOrder = (a: Days, b: Days) => a.length === b.length && a.every((d, i) => d.map((x) => x.id).join() === b[i].map((x) => x.id).join());

/**
 * The keyboard on a picked-up activity: Up and Down move it within its day, Left and Right to the day before or
 * after (whatever the columns on screen). dnd-kit's own getter goes to the nearest box on screen in that direction,
 * which in a grid of days is as often the activity's own day as the next one.
 */
const dayKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context: { active, over, droppableRects, collisionRect } }) => {
  if (!active || !collisionRect || !hasSortableData(active)) return undefined;
  const { containerId, items } = active.data.current.sortable;
  const day = dayOfId(containerId) ?? 0;
  const target = (id: UniqueIdentifier) => droppableRects.get(id);
  if (event.code === 'ArrowLeft' || event.code === 'ArrowRight') {
    event.preventDefault();
    const rect = target(dayId(day + (event.code === 'ArrowLeft' ? -1 : 1)));
    // The day's foot: the activity joins the day at its end, as the Move menu puts it.
    return rect ? { x: rect.left, y: rect.top + Math.max(0, rect.height - collisionRect.height) } : undefined;
  }
  if (event.code === 'ArrowUp' || event.code === 'ArrowDown') {
    event.preventDefault();
    const at = over && items.includes(over.id) ? items.indexOf(over.id) : items.indexOf(active.id);
    const next = items[at + (event.code === 'ArrowUp' ? -1 : 1)];
    const rect = next === undefined ? undefined : target(next);
    if (!rect) return undefined;
    // Going down, the moved activity's bottom meets the next one's, as dnd-kit's sortable getter does.
    return { x: rect.left, y: event.code === 'ArrowUp' ? rect.top : rect.top + rect.height - collisionRect.height };
  }
  return undefined;
};

/**
 * The seven days of a week, whose activities are reordered and moved from day to day by dragging their handle, by
 * the keyboard on the handle (Space, the arrow keys, Space; dnd-kit announces each step), or by a "Move" menu
 * that lists the other days. While an activity is dragged the board shows where it would land; nothing changes in
 * the draft until it is dropped, and Escape puts everything back.
 */
export function WeekDaysBoard({ days, weekNumber, onChange, onEdit, onAdd }: WeekDaysBoardProps) {
  const sensors = useSortSensors(dayKeyboardCoordinates);
  // The days as they look mid-drag (an activity shown over another day); null when nothing is being dragged.
  const [dragging, setDragging] = useState<Days | null>(null);
  const shown = dragging ?? days;
  // The activity or day the dragged one was over when it arrived from another day (see `landing`).
  const arrivedOver = useRef<UniqueIdentifier | null>(null);
  const [status, setStatus] = useState('');
  const focusAfterMove = useFocusAfterMove(days);

  const activity = (id: UniqueIdentifier) => shown.flat().find((a) => a.id === id);
  const dayOf = (id: UniqueIdentifier, list: Days = shown) => dayOfId(id) ?? placeOfActivity(list, String(id))?.day;

  // The pointer's day first, then the activity under it (or closest to it); the keyboard has no pointer, so the
  // dragged item's rectangle decides. An activity beats its day, so a drop lands at a place in the list.
  const collisions: CollisionDetection = (args) => {
    const hits = pointerWithin(args);
    const found = hits.length ? hits : rectIntersection(args);
    const onActivity = found.find((c) => dayOfId(c.id) === undefined);
    if (onActivity) return [onActivity];
    const day = found.map((c) => dayOfId(c.id)).find((d) => d !== undefined);
    if (day === undefined) return [];
    const ids = new Set(shown[day].map((a) => a.id));
    const closest = ids.size ? closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => ids.has(String(c.id))) }) : [];
    return closest.length ? closest.slice(0, 1) : [{ id: dayId(day) }];
  };

  /**
   * The days with the dragged activity where it would land over `over`: within its day at the place of the
   * activity it is over; on another day before that activity, or after it when its middle is lower, or at the day's end.
   */
  const landing = (current: Days, active: Active, over: Over): Days => {
    const from = dayOf(active.id, current);
    const to = dayOf(over.id, current);
    if (from === undefined || to === undefined) return current;
    const place = dayOfId(over.id) === undefined ? placeOfActivity(current, String(over.id))?.index : undefined;
    // Still over the activity it was put after or before on arriving from another day: it stays where it landed.
    if (from === to) return place === undefined || over.id === arrivedOver.current ? current : moveActivity(current, String(active.id), to, place);
    const translated = active.rect.current.translated;
    const below = translated && translated.top + translated.height / 2 > over.rect.top + over.rect.height / 2 ? 1 : 0;
    return moveActivity(current, String(active.id), to, place === undefined ? undefined : place + below);
  };

  // Within a day dnd-kit's sortable shows the new order itself; a move to another day is drawn by the state.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const current = dragging ?? days;
    if (dayOf(active.id, current) === dayOf(over.id, current)) {
      if (over.id !== arrivedOver.current) arrivedOver.current = null;
      return;
    }
    setDragging(landing(current, active, over));
    arrivedOver.current = over.id;
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = dragging ?? days;
    const next = over ? landing(current, active, over) : current;
    setDragging(null);
    arrivedOver.current = null;
    if (!sameOrder(next, days)) onChange(next);
  };

  const moveTo = (a: ActivityDraft, day: number) => {
    const next = moveActivity(days, a.id, day);
    if (next === days) return;
    onChange(next);
    setStatus(`${nameOf(a)} moved to ${dayNames[day]}, position ${next[day].length} of ${next[day].length}.`);
    focusAfterMove(a.id);
  };

  // What screen readers hear while dragging: the activity's name, and the day and place where it would land, in
  // words rather than dnd-kit's ids.
  const place = (active: Active, over: Over | null) => {
    const next = over ? landing(shown, active, over) : shown;
    const at = placeOfActivity(next, String(active.id));
    return at ? `${dayNames[at.day]}, position ${at.index + 1} of ${next[at.day].length}` : 'no day';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(activity(active.id))}, on ${place(active, null)}. Use the arrow keys to move it, left and right to another day, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) => `${nameOf(activity(active.id))} is over ${over ? place(active, over) : 'no day: dropped here it stays where it was'}.`,
    onDragEnd: ({ active, over }) => (over ? `${nameOf(activity(active.id))} dropped on ${place(active, over)}.` : `${nameOf(activity(active.id))} dropped back in place.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(activity(active.id))} was cancelled.`,
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={() => setDragging(days)}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ announcements }}
    >
      <div className="curriculum-days">
        {dayNames.map((day, dayIndex) => (
          <DayColumn key={day} day={dayIndex} label={`${day} of week ${weekNumber}`}>
            <h3 className="curriculum-day__name">{day}</h3>
            {shown[dayIndex].length === 0 ? <p className="curriculum-hint">Free: the member’s own plan</p> : null}
            <SortableContext id={dayId(dayIndex)} items={shown[dayIndex].map((a) => a.id)} strategy={verticalListSortingStrategy}>
              <ol className="sortable-list">
                {shown[dayIndex].map((a) => (
                  <SortableRow key={a.id} id={a.id} label={`Drag ${a.name || 'activity'} on ${day}`}>
                    <div className="curriculum-activity" data-activity={a.id}>
                      <button type="button" className="curriculum-activity__open" onClick={() => onEdit(a, dayIndex)}>
                        <strong>{a.name || 'Untitled activity'}</strong>
                        <span className="curriculum-hint">
                          {a.durationMinutes} min{a.scripture ? ` · ${a.scripture}` : ''}
                        </span>
                      </button>
                      <div className="curriculum-activity__actions">
                        <Dropdown
                          trigger={['click']}
                          // Opened by the keyboard, the menu takes focus so the arrow keys choose a day.
                          autoFocus
                          menu={{
                            items: dayNames.flatMap((other, i) =>
                              i === dayIndex ? [] : [{ key: String(i), label: dayHasRoom(days, i) ? other : `${other} (full)`, disabled: !dayHasRoom(days, i) }],
                            ),
                            onClick: ({ key }) => moveTo(a, Number(key)),
                          }}
                        >
                          <Button type="text" size="small" aria-label={`Move ${a.name || 'activity'} to another day`}>
                            Move <DownOutlined aria-hidden />
                          </Button>
                        </Dropdown>
                        <Button
                          type="text"
                          size="small"
                          danger
                          aria-label={`Remove ${a.name || 'activity'} from ${day}`}
                          onClick={() => onChange(removeActivity(days, a.id))}
                        >
                          Remove
                        </Button>
                      </div>
                    </div>
                  </SortableRow>
                ))}
              </ol>
            </SortableContext>
            {dayHasRoom(shown, dayIndex) ? (
              <Button size="small" type="dashed" onClick={() => onAdd(dayIndex)} aria-label={`Add activity on ${day}, week ${weekNumber}`}>
                Add activity
              </Button>
            ) : null}
          </DayColumn>
        ))}
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </DndContext>
  );
}

/** A day's section, droppable as a whole so an activity can land on an empty day. */
function DayColumn({ day, label, children }: { day: number; label: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: dayId(day) });
  return (
    <section ref={setNodeRef} className={`curriculum-day${isOver ? ' curriculum-day--over' : ''}`} aria-label={label}>
      {children}
    </section>
  );
}

/**
 * After a move by the menu the activity's row is drawn again on its new day, and the menu's button is gone:
 * focus goes to the moved activity, so a keyboard user carries on from where it now is.
 */
function useFocusAfterMove(days: Days) {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const id = pending.current;
    if (!id) return;
    pending.current = null;
    // After the key event that chose the day: focused during it, the Enter would press the activity's button too.
    const timer = setTimeout(() => document.querySelector<HTMLElement>(`[data-activity="${CSS.escape(id)}"] .curriculum-activity__open`)?.focus());
    return () => clearTimeout(timer);
  }, [days]);
  return (id: string) => {
    pending.current = id;
  };
}
