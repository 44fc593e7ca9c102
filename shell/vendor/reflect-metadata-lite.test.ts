import { Container, inject, injectable } from 'inversify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reflectMetadata } from './reflect-metadata-lite';

// The tests load the reflect-metadata package (tests/support/web-setup.ts); each test here swaps
// in the app build's replacement, so what runs below is the code the browser gets.
const reflect = Reflect as unknown as Record<string, unknown>;
const names = Object.keys(reflectMetadata);
let saved: Record<string, unknown> = {};
beforeEach(() => {
  saved = Object.fromEntries(names.map((name) => [name, reflect[name]]));
  Object.assign(reflect, reflectMetadata);
});
afterEach(() => void Object.assign(reflect, saved));

describe("the app build's Reflect metadata", () => {
  it('lets inversify build services with their injected dependencies', () => {
    const CLOCK = Symbol('Clock');
    const GREETER = Symbol('Greeter');
    @injectable()
    class Clock {
      now = () => 'noon';
    }
    @injectable()
    class Greeter {
      constructor(@inject(CLOCK) private readonly clock: Clock) {}
      greet = () => `Good ${this.clock.now()}`;
    }
    const container = new Container();
    container.bind(CLOCK).to(Clock).inSingletonScope();
    container.bind(GREETER).to(Greeter);
    expect(container.get<Greeter>(GREETER).greet()).toBe('Good noon');
  });

  it('keeps metadata per object and property, and reads inherited metadata only through get/has', () => {
    class Base {}
    class Child extends Base {}
    Reflect.defineMetadata('role', 'base', Base);
    Reflect.defineMetadata('role', 'field', Base, 'name');
    expect(Reflect.getMetadata('role', Child)).toBe('base');
    expect(Reflect.getOwnMetadata('role', Child)).toBeUndefined();
    expect(Reflect.hasMetadata('role', Child)).toBe(true);
    expect(Reflect.hasOwnMetadata('role', Child)).toBe(false);
    expect(Reflect.getMetadata('role', Base, 'name')).toBe('field');
    Reflect.metadata('kind', 'child')(Child);
    expect(Reflect.getMetadataKeys(Child)).toEqual(['kind', 'role']);
    expect(Reflect.getOwnMetadataKeys(Child)).toEqual(['kind']);
    expect(Reflect.deleteMetadata('kind', Child)).toBe(true);
    expect(Reflect.hasOwnMetadata('kind', Child)).toBe(false);
  });

  it('applies decorators right to left, a returned class replacing the one decorated', () => {
    const order: string[] = [];
    class Plain {}
    class Replacement {}
    const result = Reflect.decorate(
      [
        (target: object) => void order.push(`outer saw ${(target as { name: string }).name}`),
        () => {
          order.push('inner');
          return Replacement;
        },
      ] as ClassDecorator[],
      Plain,
    );
    expect(order).toEqual(['inner', 'outer saw Replacement']);
    expect(result).toBe(Replacement);
  });
});
