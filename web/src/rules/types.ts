/**
 * A game's rules written for the people at the table: sections in play order ("The deal", "Playing",
 * "Scoring", "The end", and any the game needs besides, such as "Bidding"), then one turn or hand worked
 * through with real cards. No seat numbers, option names or API terms: the API's summary says those.
 */
export interface PeopleRules {
  sections: { title: string; paragraphs: string[] }[];
  example: { title: string; steps: string[] };
}
