/** The first name of the turn kit, kept while the state files of Kontsina, Xeri and Stealing Bundles still import it. */
export { CardAction, type FishingHands } from './fishing-turn';
