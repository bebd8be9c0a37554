// jest runs build-time modules outside React's server environment; the guard has nothing to guard there.
export {};
