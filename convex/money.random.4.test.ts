// The randomized money test, part 4 of 4 (the sequences and their checks: test.moneyRandom.ts).
import { declareFrozenAwards, declareWorlds } from "./test.moneyRandom";

declareWorlds(4);
declareFrozenAwards();
