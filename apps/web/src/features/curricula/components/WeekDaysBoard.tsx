import {
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useDroppable,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
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
 * The seven days of a week, whose activities are reordered and moved from day to day by dragging their handle, by
 * the keyboard on the handle (Space, the arrow keys, Space; dnd-kit announces each step), or by a "Move" menu
 * that lists the other days. While an activity is dragged the board shows where it would land; nothing changes in
 * the draft until it is dropped, and Escape puts everything back.
 */
export function WeekDaysBoard({ days, weekNumber, onChange, onEdit, onAdd }: WeekDaysBoardProps) {
  const sensors = useSortSensors();
  // The days as they look mid-drag (an activity shown over another day); null when nothing is being dragged.
  const [dragging, setDragging] = useState<Days | null>(null);
  const shown = dragging ?? days;
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

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setDragging((list) => {
      const current = list ?? days;
      const from = dayOf(active.id, current);
      const to = dayOf(over.id, current);
      if (from === undefined || to === undefined || from === to) return current;
      // Over an activity: before it, or after it when the dragged one is past its middle; over the day: at its end.
      const place = dayOfId(over.id) === undefined ? placeOfActivity(current, String(over.id))?.index : undefined;
      const translated = active.rect.current.translated;
      const below = translated && translated.top > over.rect.top + over.rect.height / 2 ? 1 : 0;
      return moveActivity(current, String(active.id), to, place === undefined ? undefined : place + below);
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = dragging ?? days;
    setDragging(null);
    if (!over) return;
    const to = dayOf(over.id, current);
    const place = dayOfId(over.id) === undefined ? placeOfActivity(current, String(over.id))?.index : undefined;
    const next = to === undefined ? current : moveActivity(current, String(active.id), to, place);
    if (!sameOrder(next, days)) onChange(next);
  };

  const moveTo = (a: ActivityDraft, day: number) => {
    const next = moveActivity(days, a.id, day);
    if (next === days) return;
    onChange(next);
    setStatus(`${nameOf(a)} moved to ${dayNames[day]}, position ${next[day].length} of ${next[day].length}.`);
    focusAfterMove(a.id);
  };

  // What screen readers hear while dragging: the activity's name, and the day and place it is over (counting
  // itself there, as it will be once dropped), in words rather than dnd-kit's ids.
  const place = (overId: UniqueIdentifier, activeId: UniqueIdentifier) => {
    const day = dayOf(overId);
    if (day === undefined) return 'no day';
    const others = shown[day].filter((a) => a.id !== activeId).length;
    const index = dayOfId(overId) === undefined ? (placeOfActivity(shown, String(overId))?.index ?? others) : others;
    return `${dayNames[day]}, position ${index + 1} of ${others + 1}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(activity(active.id))}, on ${place(active.id, active.id)}. Use the arrow keys to move it, to another day too, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(activity(active.id))} is over ${place(over.id, active.id)}.` : `${nameOf(activity(active.id))} is over no day.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(activity(active.id))} dropped on ${place(over.id, active.id)}.` : `${nameOf(activity(active.id))} dropped back in place.`,
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
            <SortableContext items={shown[dayIndex].map((a) => a.id)} strategy={verticalListSortingStrategy}>
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
