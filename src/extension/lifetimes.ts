// Who disposes what: every disposable (a subscription, an emitter, a provider's registration) is
// registered with an owner and goes when its owner goes. No `vscode` here (a disposable is
// anything with `dispose()`), so this is unit-tested in Node.

export interface Disposable {
  dispose(): unknown;
}

/** Disposables disposed together: newest first, each once, all of them even when one throws. */
export class DisposableStore implements Disposable {
  private readonly items: Disposable[] = [];
  private disposed = false;

  /** Registers `d`; once the store is disposed, `d` is disposed at once instead of leaking. */
  add<T extends Disposable>(d: T): T {
    if (this.disposed) d.dispose();
    else this.items.push(d);
    return d;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** How many are registered and not yet disposed. */
  get size(): number {
    return this.items.length;
  }

  dispose(): void {
    this.disposed = true;
    const errors: unknown[] = [];
    for (const d of this.items.splice(0).reverse()) {
      try {
        d.dispose();
      } catch (e) {
        errors.push(e);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} disposables failed to dispose`);
  }
}

/** A class that owns disposables: what it registers goes when it is disposed (VS Code's `_register`). */
export abstract class Owner implements Disposable {
  protected readonly store = new DisposableStore();

  protected _register<T extends Disposable>(d: T): T {
    return this.store.add(d);
  }

  get isDisposed(): boolean {
    return this.store.isDisposed;
  }

  dispose(): void {
    this.store.dispose();
  }
}
