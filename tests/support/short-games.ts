/** The short matches the web table's "Play a bot now" starts serve the tests that play whole games too. */
export { SHORT, shortOptions } from '../../web/src/short-games';
