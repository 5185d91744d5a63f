// The randomized money test, part 1 of 4 (the sequences and their checks: test.moneyRandom.ts).
import { declareWorlds } from "./test.moneyRandom";

declareWorlds(1);
