import { describe, expect, test } from "vitest";
import {
  ADULT_KEYWORDS,
  ADULT_TLDS,
  checkIdeaContent,
  containsProfanity,
  INAPPROPRIATE_CONTENT_MESSAGE,
  normalizeLookalikes,
  RESTRICTED_ADULT_SITES,
  restrictedLinkReason,
} from "./contentFilter";

const idea = (oneLiner: string, links: string[] = []) => checkIdeaContent({ oneLiner, links });

describe("the refusal message and lists", () => {
  test("the message is the spec's, word for word", () => {
    expect(INAPPROPRIATE_CONTENT_MESSAGE).toBe(
      "Proposal contains inappropriate content or restricted URLs and cannot be submitted",
    );
  });

  test("sixteen distinct adult sites, and the spec's keywords and top-level domains", () => {
    expect(new Set(RESTRICTED_ADULT_SITES).size).toBe(16);
    expect([...ADULT_KEYWORDS].sort()).toEqual(
      [
        "porn",
        "xxx",
        "adult",
        "sex",
        "escort",
        "nude",
        "naked",
        "cam2cam",
        "camgirl",
        "nsfw",
      ].sort(),
    );
    expect([...ADULT_TLDS].sort()).toEqual(["adult", "porn", "sex", "xxx"]);
  });
});

describe("normalizeLookalikes", () => {
  test("maps each look-alike in the spec", () => {
    expect(normalizeLookalikes("0 1 3 4 5 $ @")).toBe("o i e a s s a");
    expect(normalizeLookalikes("sh1t 5hit f4ck @$$")).toBe("shit shit fack ass");
  });

  test("lowercases and strips diacritics", () => {
    expect(normalizeLookalikes("FÜCK Ça ＦＵＬＬ")).toBe("fuck ca full");
  });

  test("leaves other characters alone", () => {
    expect(normalizeLookalikes("top 2 6 7 8 9 #!")).toBe("top 2 6 7 8 9 #!");
  });
});

describe("one-liner profanity", () => {
  test.each([
    "fuck this",
    "What the shit",
    "You absolute bitch",
    "cunt",
    "asshole compilation",
    "motherfucker reacts",
    "bullshit detector",
    "Dick jokes",
    "slut shaming",
  ])("refuses the listed word: %s", (text) => {
    expect(containsProfanity(text)).toBe(true);
    expect(idea(text)).toBe(false);
  });

  test.each(["FUCK", "Shit", "BiTcH"])("ignores case: %s", (text) => {
    expect(idea(text)).toBe(false);
  });

  test.each([
    "sh1t happens",
    "5hit happens",
    "sh!t",
    "f4ck it",
    "fvck it",
    "@ss kicking",
    "a$$ kicking",
    "b1tch please",
    "c0ck",
    "d1ck move",
    "b!tch",
    "fück",
    "ｆｕｃｋ",
    "fuuuuuck",
  ])("refuses look-alike spellings: %s", (text) => {
    expect(containsProfanity(text)).toBe(true);
    expect(idea(text)).toBe(false);
  });

  test("look-alikes spell out a listed word once normalised", () => {
    for (const text of ["5h1t", "b!tch", "@$$hole", "c0ck5ucker", "wh0r3"]) {
      expect(containsProfanity(normalizeLookalikes(text))).toBe(true);
    }
  });

  test.each([
    "A cocktail recipe video",
    "Classic assassin's creed analysis",
    "Essex and Sussex travel vlog",
    "Middlesex county fair",
    "Therapist reacts to sitcoms",
    "Scunthorpe United highlights",
    "Build a pokemon deck",
    "Bass fishing tips",
    "Grape harvest in Bordeaux",
    "Passionate class on self-assessment",
    "Hitchcock films ranked",
    "Peacock feathers up close",
    "Cockatoo learns to talk",
    "Dickens novels explained",
    "Arsenal vs Chelsea",
    "Butterfly garden tour",
    "Kung fu basics",
    "Canal boat holiday",
    "Analog synth jam",
    "Documentary about sexism",
    "Shell scripting 101",
    "Hello world in 5 languages",
    "Top 10 $5 meals",
    "Area 51 road trip",
    "Class of 2013 reunion",
    "Windows 10 setup guide",
    "Mass Effect 3 ending explained",
    "Email me @ home",
    "Cockpit tour of a 747",
    "Shiitake mushroom risotto",
    "Shitake mushroom risotto",
    "Cumin and coriander curry",
    "Penistone town walk",
    "Hotel in Fukuoka",
    "Fukushima ten years later",
    "Emily Dickinson poems read aloud",
    "Moby Dick read-along",
    "Cum laude graduation vlog",
    "Pasta e fagioli",
    "Wankel rotary engine explained",
    "Rapeseed fields from a drone",
    "Pussycat Dolls dance tutorial",
    "Fire retardant test",
    "Cucumber salad",
    "Montenegro road trip",
    "Uranus facts for kids",
    "Ambassador interview",
    "Skyscraper timelapse",
  ])("lets an innocent idea through: %s", (text) => {
    expect(containsProfanity(text)).toBe(false);
    expect(idea(text)).toBe(true);
  });
});

describe("restrictedLinkReason", () => {
  test.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ?si=abc123",
    "https://www.youtube.com/shorts/aqz-KE-bpKQ",
    "https://www.tiktok.com/@scout2015/video/6718335390845095173",
    "https://en.wikipedia.org/wiki/Middlesex",
    "https://en.wikipedia.org/wiki/Scunthorpe",
    "https://essex.ac.uk",
    "https://www.sussex.ac.uk/study",
    "https://example.com/adulting-101",
    "https://example.com/cocktail-recipes?glass=coupe",
    "https://example.com/assassins-creed/analysis",
    "https://example.com/sextant-navigation",
    "https://camera.example.com/webcam-reviews",
    "https://example.com/search?q=grape+harvest#section-2",
    "https://example.com/class/assassins/bass-guitar",
    "https://example.com/Scunthorpe",
  ])("lets an innocent link through: %s", (url) => {
    expect(restrictedLinkReason(url)).toBeNull();
  });

  test.each(RESTRICTED_ADULT_SITES.map((site) => `https://www.${site}.com/`))(
    "refuses every restricted adult site: %s",
    (url) => {
      expect(restrictedLinkReason(url)).toBe("adult site");
    },
  );

  test.each([
    "https://www.pornhub.com/view_video.php?viewkey=1",
    "https://pornhub.org",
    "https://de.xhamster.com/videos",
    "https://xvideos2.com",
    "https://pornhubpremium.com",
    "https://myonlyfansleaks.net",
    "https://WWW.XNXX.COM",
    "http://onlyfans.com/someone",
    "www.pornhub.com/video",
    "pornhub.com",
    "https://pörnhub.com",
    "https://example.com/out?url=https%3A%2F%2Fwww.pornhub.com%2Fview",
    "https://example.com/go/chaturbate",
  ])("refuses an adult site, inside a host label or as a link part: %s", (url) => {
    expect(restrictedLinkReason(url)).toBe("adult site");
  });

  test.each(ADULT_KEYWORDS.map((keyword) => `https://example.com/free-${keyword}-videos`))(
    "refuses every adult keyword in the path: %s",
    (url) => {
      expect(restrictedLinkReason(url)).toBe("adult keyword");
    },
  );

  test.each([
    "https://nsfw.example.com",
    "https://free-porn.example.com",
    "https://example.com/?q=nude",
    "https://example.com/search?category=ADULT",
    "https://example.com/adult-content",
    "https://example.com/xxx_videos",
    "https://example.com/cam2cam",
    "https://example.com/#/nsfw",
    "https://example.com/N%C3%9BDE",
    "https://porn4free.com",
    "https://sex4u.example.net",
  ])("refuses an adult keyword in a host label, path, query or fragment: %s", (url) => {
    expect(restrictedLinkReason(url)).toBe("adult keyword");
  });

  test.each([
    "https://site.xxx",
    "https://site.SEX/",
    "https://videos.adult/watch",
    "https://my.porn",
    "https://site.xxx./",
  ])("refuses an adult top-level domain: %s", (url) => {
    expect(restrictedLinkReason(url)).toBe("adult domain");
  });

  test("the top-level domain rule looks at the last label only", () => {
    expect(restrictedLinkReason("https://xxx.example.com")).toBe("adult keyword");
    expect(restrictedLinkReason("https://porn.example.org")).toBe("adult keyword");
  });

  test.each([
    "https://fuck-this.example.com",
    "https://example.com/shit/list",
    "https://example.com/videos/bitch-please",
    "https://example.com/watch?title=total+bullshit",
    "https://example.com/?q=Motherfucker",
    "https://example.com/f%C3%BCck",
    "https://fuck4u.com",
    "https://example.com/Shit",
    "https://example.com/SHIT",
    "https://example.com/kick-ass-recipes",
  ])("refuses profanity in a host label, path or query: %s", (url) => {
    expect(restrictedLinkReason(url)).toBe("profanity");
  });

  test.each([
    // letters glued to digits are part of an id
    "https://www.youtube.com/watch?v=Z29gxbi7Ass",
    "https://www.youtube.com/watch?v=qwmQQ34_Fk4",
    "https://www.youtube.com/watch?v=Yjf8Lq6sEx6",
    // letters in mixed case are part of an id
    "https://youtu.be/AbfUckXyz-Q",
    // two letters are not a word ("fu", "fk")
    "https://youtu.be/PdSJvu-Fu8c",
    "https://www.fu-berlin.de/",
    // a short match ("fk") counts only as the whole word
    "https://youtu.be/1-8hfT-fkva",
  ])("does not read random video ids or short fragments as words: %s", (url) => {
    expect(restrictedLinkReason(url)).toBeNull();
  });

  test.each(["", "   ", "http://", "https://exa mple.com", "not a link", "http://[::1"])(
    "calls an unparsable link invalid without throwing: %j",
    (url) => {
      expect(restrictedLinkReason(url)).toBe("invalid");
    },
  );
});

describe("checkIdeaContent", () => {
  const clean = "Rate my home studio setup";

  test("accepts a clean idea with clean links", () => {
    expect(
      idea(clean, ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://essex.ac.uk"]),
    ).toBe(true);
    expect(idea(clean)).toBe(true);
  });

  test("refuses when the one-liner is profane, whatever the links", () => {
    expect(idea("Sh1tty studio tour", ["https://essex.ac.uk"])).toBe(false);
  });

  test.each([
    "https://www.pornhub.com",
    "https://example.com/nsfw",
    "https://site.xxx",
    "https://example.com/shit-list",
  ])("refuses when any one link is restricted: %s", (bad) => {
    expect(idea(clean, ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", bad])).toBe(false);
  });

  test("blank and malformed links are not inappropriate content (the form reports them)", () => {
    expect(idea(clean, ["", "   ", "not a link"])).toBe(true);
  });
});

describe("numbers are not look-alikes", () => {
  test("plain numbers pass; digits mixed into words are still read as letters", () => {
    expect(containsProfanity("Top 455 bridges of Europe")).toBe(false);
    expect(containsProfanity("Sequence 717")).toBe(false);
    expect(containsProfanity("Class of 2005 reunion")).toBe(false);
    // Up to three letters then digits is a model or route code ("A55", "N16"), not "ass".
    expect(containsProfanity("a55 compilation")).toBe(false);
    expect(containsProfanity("a55hole compilation")).toBe(true);
    expect(containsProfanity("sh1t happens")).toBe(true);
  });
});

describe("the tuned filter, both ways", () => {
  // Ideas and names that read like profanity to a naive filter, and must pass.
  const pass = [
    "Riding the N16 night bus",
    "Nikon N16 camera review",
    "Cook 5 dishes with sh1take",
    "a55 kicking workout",
    "Samsung A55 vs A35",
    "Ford F150 towing test",
    "A B C of cooking",
    "I O U: songs about debt",
    "Graphic design basics",
    "Phuket travel vlog",
    "Sophie's phat asphalt skates",
    "Shiitake and sh1itake",
  ];
  // Disguised profanity, and must be caught.
  const caught = [
    "f u c k this idea",
    "f.u.c.k this idea",
    "F-U-C-K this idea",
    "f  u  c  k",
    "s h i t show",
    "Phuck this",
    "PHUCK THIS",
    "f\u200Buck this", // a zero-width space inside the word
    "sh\u00ADit happens", // a soft hyphen
    "sh1t happens",
    "a$$ kicking",
    "a55hole",
  ];
  const table: [string, boolean][] = [
    ...pass.map((text): [string, boolean] => [text, false]),
    ...caught.map((text): [string, boolean] => [text, true]),
  ];
  test.each(table)("%j → profane: %s", (text, profane) => {
    expect(containsProfanity(text)).toBe(profane);
    expect(idea(text)).toBe(!profane);
  });
});
