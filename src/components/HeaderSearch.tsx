import { useState } from "react";
import { useNavigate } from "react-router-dom";
import SearchBox from "./SearchBox";
import searchBoxStyles from "./SearchBox.module.css";

interface Props {
  /** Called after a search is sent, so the mobile menu can close. */
  onSearch?: () => void;
}

/** The header's search: sends the words to /search?q= (the search page does the rest). */
export default function HeaderSearch({ onSearch }: Props) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  return (
    <SearchBox
      className={searchBoxStyles.siteSearch}
      label="Search bounties"
      landmarkLabel="Site search"
      placeholder="Search"
      value={text}
      onChange={setText}
      onSubmit={(term) => {
        navigate(term ? `/search?${new URLSearchParams({ q: term }).toString()}` : "/search");
        setText("");
        onSearch?.();
      }}
    />
  );
}
