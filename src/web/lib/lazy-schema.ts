/**
 * A value built on first use: the web build wraps the shared schemas in this (`scripts/lib/
 * lazy-schemas.ts`, ADR 051), so loading a page does not build the hundreds of schemas its modules
 * import, only those it parses with. Every read, `in`, key listing and prototype question goes to
 * the built value; zod asks its schemas only such questions (`instanceof` reads `_zod`).
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined
  const value = () => {
    built ??= build()
    return built
  }
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(value(), key, value()),
    set: (_, key, next) => Reflect.set(value(), key, next),
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    // Reported as configurable: the proxy's own stand-in target has none of these properties.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key)
      return descriptor && { ...descriptor, configurable: true }
    },
    // Also on the stand-in, which a property defined as not configurable must exist on.
    defineProperty: (target, key, descriptor) =>
      Reflect.defineProperty(value(), key, descriptor) && Reflect.defineProperty(target, key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(value(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
  })
}
