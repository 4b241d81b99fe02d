// domino-print studio: what every script of the page shares, loaded before them (window.studioWords).
// - words, say(key, values): the page's words (the JSON block "words"), placeholders filled in;
// - sayCount(key, count, values): the form of key for count by the page's language's CLDR plural
//   rule (the browser's Intl.PluralRules: French 0 and 1 are "one", English 0 is "other"), key.other
//   when the words give no such form, as texts.plural_key chooses on the server;
// - lang, $ (an element by id);
// - ask(url, options): the one door for the page's requests. A request that reaches no server
//   (the studio stopped, the computer asleep) is said in the page's words, the same way for every
//   request: "studio:gone" is dispatched once per failure (studio.js says it and disables what no
//   longer works) and the promise rejects with an Error worded error.server_gone, never the
//   browser's "Failed to fetch". An aborted request (a newer change) rejects as it is, unsaid.
// - failure(answer, data): what to say of an answer that is not ok: its own worded message, else
//   error.unexpected with its status ("the studio could not answer (error 500); try again"),
//   never the status line's English ("Internal Server Error").
"use strict";

window.studioWords = (() => {
  const words = JSON.parse(document.getElementById("words").textContent);
  const lang = document.documentElement.lang;
  const $ = (id) => document.getElementById(id);

  const say = (key, values = {}) =>
    (words[key] || key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));

  const pluralRules = new Intl.PluralRules(lang);
  const sayCount = (key, count, values = {}) => {
    const form = `${key}.${pluralRules.select(count)}`;
    return say(form in words ? form : `${key}.other`, { ...values, count });
  };

  class ServerGone extends Error {}

  async function ask(url, options) {
    try {
      return await fetch(url, options);
    } catch (error) {
      if (error.name === "AbortError") throw error;
      document.dispatchEvent(new CustomEvent("studio:gone"));
      throw new ServerGone(say("error.server_gone"));
    }
  }

  const failure = (answer, data) => (data && data.message) || say("error.unexpected", { status: answer.status });

  return Object.freeze({ words, lang, $, say, sayCount, ask, failure, ServerGone });
})();
