/** What other features may use of scripture: the passage, its reveal and the choice of readings (My Plan, Journal). */
export { ScriptureChoices } from './ScriptureChoices';
export { ScripturePassage } from './ScripturePassage';
export { ScriptureReveal } from './ScriptureReveal';
