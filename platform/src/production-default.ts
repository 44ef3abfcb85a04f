/**
 * `import '@edicola/platform/dist/production-default'` as the very first line of an entry point (each service's
 * main, the launcher's cli): a process started without NODE_ENV runs as in production. Without it, React (the
 * e-mails svc-notify renders) and Express load their development builds, which cost svc-notify several times the
 * CPU per e-mail on the shop's own server, where `npm start` and the README's distributed mode set nothing.
 * Jest sets NODE_ENV=test, and a developer may set NODE_ENV=development.
 */
process.env.NODE_ENV ??= 'production';

export {};
