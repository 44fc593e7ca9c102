/** Lets models and commands navigate without knowing the router; the shell binds the real one. */
export interface Navigator {
  navigate(path: string, options?: { replace?: boolean }): void;
}

export class DeferredNavigator implements Navigator {
  private target: Navigator | null = null;
  private pending: [string, { replace?: boolean } | undefined] | null = null;

  attach(target: Navigator) {
    this.target = target;
    if (this.pending) {
      const [path, options] = this.pending;
      this.pending = null;
      target.navigate(path, options);
    }
  }

  navigate(path: string, options?: { replace?: boolean }) {
    if (this.target) this.target.navigate(path, options);
    else this.pending = [path, options];
  }
}
