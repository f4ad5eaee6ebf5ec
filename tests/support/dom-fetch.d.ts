// The generated client (clients/typescript) names fetch's body type as the DOM library does; the
// project type-checks for Node, whose fetch types (undici's) call it the same but do not make it global.
type BodyInit = import('undici-types').BodyInit;
