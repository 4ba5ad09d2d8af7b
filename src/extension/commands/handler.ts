// A command's handler: the services and the object its guard let through (args.ts). Async where
// it waits for something; the registering loop (register.ts) awaits whatever it returns.
import type { Services } from '../services';
import type { CommandArgs } from './args';
import type { CommandId } from './ids';

export type Handler<K extends CommandId> = (s: Services, args: CommandArgs[K]) => unknown;

/** Some of the commands (an area's file holds these); register.ts checks that together they are all of them. */
export type Handlers<K extends CommandId = CommandId> = { [P in K]: Handler<P> };
export type SomeHandlers = Partial<Handlers>;
