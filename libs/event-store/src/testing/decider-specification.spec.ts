import { errorCodes, Refusal } from '@abide/contracts';
import type { CommandDecider } from '../decider';
import type { StoredEvent } from '../stored-event';
import { userRegistered } from '../test-fixtures';
import { deciderSpec } from './decider-specification';

type Command = { type: 'Register'; userId: string; name: string };

/** Registers a user once; a second registration under another name is refused. */
const decider: CommandDecider<Command, { name: string | null }> = {
  name: 'spec',
  initialState: () => ({ name: null }),
  evolve: (state, event: StoredEvent) => (event.type === 'identity.user.registered' ? { name: event.data.name } : state),
  decide: (command, state) => {
    if (state.name === command.name) return [];
    if (state.name !== null) throw new Refusal(errorCodes.conflict, 'Already registered.', 'name');
    return [userRegistered(command.userId, command.name)];
  },
};
const { given } = deciderSpec(decider);
const register = (name: string): Command => ({ type: 'Register', userId: 'u1', name });

describe(deciderSpec.name, () => {
  it('passes when the decided events are the expected ones', () => {
    given([])
      .when(register('Ada'))
      .then([userRegistered('u1', 'Ada')]);
    given([userRegistered('u1', 'Ada')])
      .when(register('Ada'))
      .thenNothing();
    given([])
      .when(register('Ada'))
      .thenMatches([{ type: 'identity.user.registered', data: { name: 'Ada' } }]);
  });

  it('fails when the decided events differ, or when the decider refuses instead', () => {
    expect(() =>
      given([])
        .when(register('Ada'))
        .then([userRegistered('u1', 'Eve')]),
    ).toThrow();
    expect(() => given([]).when(register('Ada')).thenNothing()).toThrow();
    expect(() =>
      given([userRegistered('u1', 'Ada')])
        .when(register('Eve'))
        .then([]),
    ).toThrow(/the decider threw: Refusal: Already registered/);
  });

  it('passes on the expected Refusal and fails on another code, message or field, or on events', () => {
    const refused = () => given([userRegistered('u1', 'Ada')]).when(register('Eve'));
    refused().thenThrows(errorCodes.conflict, 'Already registered.', 'name');
    refused().thenThrows(errorCodes.conflict, /registered/);
    expect(() => refused().thenThrows(errorCodes.notFound)).toThrow();
    expect(() => refused().thenThrows(errorCodes.conflict, 'Something else.')).toThrow();
    expect(() => refused().thenThrows(errorCodes.conflict, undefined, 'email')).toThrow();
    expect(() => given([]).when(register('Ada')).thenThrows(errorCodes.conflict)).toThrow(/returned/);
  });

  it('fails on a thrown error that is not a Refusal', () => {
    const broken: CommandDecider<Command, null> = {
      ...decider,
      initialState: () => null,
      evolve: () => null,
      decide: () => {
        throw new TypeError('bug');
      },
    };
    expect(() => deciderSpec(broken).given([]).when(register('Ada')).thenThrows(errorCodes.conflict)).toThrow();
  });

  it('fails when evolve or decide changes the state it is handed instead of answering a new one', () => {
    type Names = { names: Set<string> };
    const names: CommandDecider<Command, Names> = {
      name: 'names',
      initialState: () => ({ names: new Set() }),
      evolve: (state, event: StoredEvent) =>
        event.type === 'identity.user.registered' ? { names: new Set(state.names).add(event.data.name) } : state,
      decide: (command, state) => (state.names.has(command.name) ? [] : [userRegistered(command.userId, command.name)]),
    };
    deciderSpec(names)
      .given([userRegistered('u1', 'Ada')])
      .when(register('Eve'))
      .then([userRegistered('u1', 'Eve')]);

    const inPlace = {
      ...names,
      evolve: (state: Names, event: StoredEvent) => (event.type === 'identity.user.registered' && state.names.add(event.data.name), state),
    };
    expect(() =>
      deciderSpec(inPlace)
        .given([userRegistered('u1', 'Ada')])
        .when(register('Eve'))
        .thenNothing(),
    ).toThrow();
    const touchy = {
      ...names,
      decide: (command: Command, state: Names) => (state.names.clear(), [userRegistered(command.userId, command.name)]),
    };
    expect(() =>
      deciderSpec(touchy)
        .given([userRegistered('u1', 'Ada')])
        .when(register('Eve'))
        .thenMatches([{}]),
    ).toThrow();
  });
});
