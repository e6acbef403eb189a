import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query';
import { optimisticChangesInReads, showAtOnce } from './optimistic-changes';

type Habit = { id: string; done: boolean };

/** An answer the spec gives when it chooses to (a request on its way meanwhile). */
function later<T>() {
  let settle!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  return { promise, settle, fail };
}

/** A habit list read and a toggle that shows at once, as the Habits page's (features/habits/habitsApi.ts). */
function setUp() {
  const reads: Array<ReturnType<typeof later<Habit[]>>> = [];
  const writes: Array<ReturnType<typeof later<null>>> = [];
  const api = createApi({
    reducerPath: 'api',
    baseQuery: fakeBaseQuery(),
    endpoints: (build) => ({
      list: build.query<Habit[], string>({
        queryFn: async () => {
          const read = later<Habit[]>();
          reads.push(read);
          return { data: await read.promise };
        },
      }),
      toggle: build.mutation<null, { id: string; done: boolean; day: string }>({
        queryFn: async () => {
          const write = later<null>();
          writes.push(write);
          try {
            return { data: await write.promise };
          } catch (error) {
            return { error };
          }
        },
        async onQueryStarted({ id, done, day }, { dispatch, queryFulfilled }) {
          await showAtOnce(
            { endpoint: 'list', arg: day },
            (habits: Habit[]) => {
              const habit = habits.find((h) => h.id === id);
              if (habit) habit.done = done;
            },
            (recipe) => dispatch(api.util.updateQueryData('list', day, recipe)),
            queryFulfilled,
          );
        },
      }),
    }),
  });
  const store = configureStore({
    reducer: { api: api.reducer },
    middleware: (getDefault) => getDefault().concat(optimisticChangesInReads('api'), api.middleware),
  });
  const shown = () => api.endpoints.list.select('2026-11-30')(store.getState()).data;
  const refetch = () => store.dispatch(api.endpoints.list.initiate('2026-11-30', { forceRefetch: true, subscribe: false }));
  const toggle = (id: string, done: boolean) => store.dispatch(api.endpoints.toggle.initiate({ id, done, day: '2026-11-30' }));
  const settled = () => new Promise((resolve) => setTimeout(resolve, 5));
  /** The list as first read: the page open, nothing clicked yet. */
  const loaded = async (habits: Habit[]) => {
    const first = refetch();
    reads[reads.length - 1].settle(habits);
    await first;
  };
  return { reads, writes, shown, refetch, toggle, settled, loaded };
}

describe('a change shown before the server answers (showAtOnce)', () => {
  it('stays shown when a read that left before the answer lands without it', async () => {
    const { reads, writes, shown, refetch, toggle, settled, loaded } = setUp();
    await loaded([{ id: 'prayer', done: false }]);

    const onItsWay = refetch(); // a live update's refetch, already on its way when the member clicks
    await settled();
    const click = toggle('prayer', true);
    expect(shown()).toEqual([{ id: 'prayer', done: true }]);
    writes[0].settle(null);
    await click;
    reads[1].settle([{ id: 'prayer', done: false }]); // read before the check-in was made
    await onItsWay;

    expect(shown()).toEqual([{ id: 'prayer', done: true }]);
  });

  it('leaves a read that left after the answer as the server says (another device may have changed it since)', async () => {
    const { reads, writes, shown, refetch, toggle, settled, loaded } = setUp();
    await loaded([{ id: 'prayer', done: false }]);
    const click = toggle('prayer', true);
    writes[0].settle(null);
    await click;
    await settled();

    const after = refetch();
    reads[1].settle([{ id: 'prayer', done: false }]); // undone on another device since
    await after;

    expect(shown()).toEqual([{ id: 'prayer', done: false }]);
  });

  it('is taken back when the write fails, in the cache and in reads landing later', async () => {
    const { reads, writes, shown, refetch, toggle, settled, loaded } = setUp();
    await loaded([{ id: 'prayer', done: false }]);

    const onItsWay = refetch();
    await settled();
    const click = toggle('prayer', true);
    expect(shown()).toEqual([{ id: 'prayer', done: true }]);
    writes[0].fail({ status: 'FETCH_ERROR', error: 'offline' });
    await click;
    expect(shown()).toEqual([{ id: 'prayer', done: false }]);
    reads[1].settle([{ id: 'prayer', done: false }]);
    await onItsWay;

    expect(shown()).toEqual([{ id: 'prayer', done: false }]);
  });

  it('shows two quick clicks on one habit in the order they were made', async () => {
    const { reads, writes, shown, refetch, toggle, settled, loaded } = setUp();
    await loaded([{ id: 'prayer', done: false }]);

    const onItsWay = refetch();
    await settled();
    const check = toggle('prayer', true);
    const uncheck = toggle('prayer', false);
    writes[0].settle(null);
    writes[1].settle(null);
    await Promise.all([check, uncheck]);
    reads[1].settle([{ id: 'prayer', done: true }]); // it saw the first click only
    await onItsWay;

    expect(shown()).toEqual([{ id: 'prayer', done: false }]);
  });
});
