import { readFileSync, writeFileSync } from "node:fs";
import { PNG } from "pngjs";
const [a, b, x, y, w, h, out] = process.argv.slice(2);
const [X, Y, W, H] = [x, y, w, h].map(Number) as [number, number, number, number];
const imgs = [a!, b!].map((f) => PNG.sync.read(readFileSync(f)));
const res = new PNG({ width: W * 2 + 8, height: H });
res.data.fill(255);
imgs.forEach((img, k) => {
  for (let r = 0; r < H && Y + r < img.height; r++)
    for (let c = 0; c < W && X + c < img.width; c++) {
      const i = (img.width * (Y + r) + X + c) * 4,
        j = (res.width * r + k * (W + 8) + c) * 4;
      for (let t = 0; t < 4; t++) res.data[j + t] = img.data[i + t]!;
    }
});
writeFileSync(out!, PNG.sync.write(res));
