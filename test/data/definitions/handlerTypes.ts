// Overloaded generic call signatures, one a member, each on lines of its own and no `;` between
// them: the style of typed routers' handler interfaces (written for this test).
import type { Context } from './context'

export type Env = { Bindings?: object; Variables?: object }

export interface Handlers<E extends Env = Env, S = {}> {
  // app.get(handler)
  <
    P extends string = string,
    R = unknown
  >(
    handler: (c: Context<E>) => R
  ): Router<
    E,
    S & { path: P }
  >

  // app.get(path, handler)
  <P extends string, R = unknown>(
    path: P,
    handler: (c: Context<E>) => R
  ): Router<E, S>

  <P extends string>(path: P, ...handlers: Array<(c: Context<E>) => unknown>): Router<E, S>
  use(path: string): Router<E, S>
}

export type Router<E extends Env, S> = {
  routes: Array<{ env: E; schema: S }>
}

export interface Middleware<E extends Env = Env> {
  (c: Context<E>, next: () => Promise<void>): Promise<void>
  <T>(c: Context<E>, value: T): Promise<T>
  name: string
}

export const DEFAULT_ENV: Env = {}

export function defineRoutes<E extends Env>(router: Router<E, {}>): Router<E, {}> {
  return router
}

export class Registry {
  private handlers: Handlers[] = []
  add(h: Handlers): void {
    this.handlers.push(h)
  }
}
