// The randomized money test, part 2 of 4 (the sequences and their checks: test.moneyRandom.ts).
import { declareWorlds } from "./test.moneyRandom";

declareWorlds(2);
