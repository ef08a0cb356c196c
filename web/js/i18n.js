// Every text of the page in Russian (the default) and English. t(key, params) picks the language.
const STRINGS = {
  ru: {
    app: "Свинтус",
    "tab.table": "Стол", "tab.score": "Счёт", "tab.camera": "Камера", "tab.start": "Новая игра",
    "conn.ok": "на связи", "conn.lost": "нет связи: переподключаюсь…", "conn.connecting": "подключаюсь…",
    "pair.title": "Подключить планшет",
    "pair.text": "Откройте ссылку или QR-код, который показал компьютер, или введите код из ссылки (после token=).",
    "pair.field": "Код подключения", "pair.go": "Подключить", "pair.bad": "Код не подошёл. Проверьте его и попробуйте снова.",
    "start.title": "Новая игра", "start.edition": "Какой Свинтус?",
    "start.players": "Игроки по кругу (по часовой стрелке)", "start.add": "+ Игрок",
    "start.player": "Игрок {n}", "start.remove": "Убрать", "start.dealer": "Сдаёт", "start.drag": "Перетащить",
    "start.rules": "Дополнительные правила", "start.target": "Играем до (очков)",
    "start.target.default": "как в правилах: {n}", "start.target.none": "В «Большом приключении» побеждает тот, у кого больше трофеев.",
    "start.go": "Начать игру", "start.need2": "Нужно от 2 до 10 игроков с именами.",
    "start.active": "Сейчас идёт игра: новая игра её закончит.",
    "rule.intercept": "Перехват: одинаковую карту можно подкинуть вне очереди",
    "rule.transfer": "Перевод: Хапёж и Захрапина можно перевести дальше",
    "rule.dawdle": "Не мешкай: кто долго думает, берёт 2 карты",
    "rule.fixed": "всегда",
    "table.waiting": "Раунд начинается", "table.waiting.camera": "Переверните первую карту колоды на сброс: камера её увидит.",
    "table.waiting.pick": "Нет камеры? Нажмите эту карту:",
    "table.none": "Игра ещё не началась.", "table.new": "Начать новую игру",
    "table.you": "ход", "table.dealer": "сдаёт", "table.dealer.mark": "Д",
    "table.cw": "по часовой", "table.ccw": "против часовой",
    "table.colour": "Цвет", "table.colour.any": "любой",
    "table.deck": "Колода: {n}", "table.pending": "{name}: {kind}", "table.pending.grab": "берёт {n} и пропускает ход",
    "table.pending.snore": "пропускает ход", "table.hush": "Тихохрюн: все молчат, пока {name} не сходит",
    "table.decree": "Указявка: {text}", "table.decree.any": "Указявка в силе",
    "table.trophies": "Трофеи", "table.villains": "Злодеи",
    "table.beats": "Бьёт:", "table.empty": "пусто",
    "table.hint.seat": "{name} может сыграть:",
    "table.drawn": "{name} взял карту: можно сыграть только её",
    "table.inferred": "{name}: {card}? (угадано по очереди хода; нажмите, если не так)",
    "table.camera.lost": "Камера не видит стол: игра сохранена, жду камеру…",
    "table.can.defeat": "Победить злодея могут (6 карт или меньше): {names}", "table.can.defeat.none": "Победить злодея пока никто не может: у всех больше 6 карт",
    "table.villain.unknown": "камера ещё не узнала злодея", "table.undo": "Отменить", "table.fix": "Исправить ход", "table.log": "Что было",
    "table.finished": "Раунд окончен", "table.winner": "Победил {name}!", "table.winners": "Победили: {names}!",
    "table.points": "+{n} очков",
    "fix.title": "Исправить последний ход", "fix.by": "Кто на самом деле сыграл?", "fix.card": "Какая это была карта?",
    "fix.none": "Исправлять пока нечего.", "fix.close": "Закрыть",
    "fix.ok": "Исправлено",
    "end.title": "Конец раунда", "end.winner": "Победил(а) {name}. Сколько карт осталось у каждого?",
    "end.help": "Исправьте числа или разложите карты игрока рядом со сбросом (не на сброс и не внахлёст) и нажмите «Посчитать камерой».",
    "end.won": "победитель", "end.camera": "Посчитать камерой",
    "end.camera.none": "Камеры нет или она ещё не прислала снимок: введите число сами.",
    "end.confirm": "Подтвердить", "end.cancel": "Отмена",
    "end.bad": "{name}: нужно целое число карт, 0 или больше.",
    "end.toomany": "{name}: больше {n} карт не бывает, проверьте число.",
    "end.winner.zero": "{name} победил(а): у победителя 0 карт.",
    "score.title": "Счёт", "score.round": "Раунд", "score.total": "Итого", "score.target": "Играем до {n}",
    "score.none": "Раундов ещё не было.", "score.chart": "Очки по раундам", "score.winner": "{name} выиграл матч!",
    "score.matches": "Другие матчи", "score.nomatches": "Других матчей пока нет.",
    "score.status.finished": "закончен", "score.status.playing": "идёт",
    "score.status.abandoned": "брошен", "score.status.round-over": "раунд окончен",
    "cam.auto": "Найти зоны сами", "cam.save": "Сохранить зоны", "cam.reset": "Вернуть",
    "cam.help": "Перетащите углы рамок так, чтобы каждая рамка накрывала свою стопку.",
    "cam.saved": "Зоны сохранены", "cam.auto.ok": "Зоны найдены", "cam.nozones": "Зоны ещё не заданы: нажмите «Найти зоны сами».",
    "cam.reads": "Что видит камера", "cam.nothing": "ничего", "cam.status.ok": "камера работает", "cam.status.lost": "камера не видна",
    "cam.noimage": "Снимка с камеры нет.",
    "zone.discard": "Сброс", "zone.deck": "Колода", "zone.pirates": "Пираты", "zone.ghosts": "Привидения", "zone.aliens": "Пришельцы",
    "err.generic": "Не получилось: {msg}",
    "ed.junior": "Юный Свинтус", "ed.adventure": "Большое приключение", "ed.svintus2": "Свинтус 2.0",
    "ed.junior.sub": "жёлтые карты, Указявка", "ed.adventure.sub": "злодеи и трофеи", "ed.svintus2.sub": "оранжевые карты, перевод",
    "c.b": "синий", "c.g": "зелёный", "c.r": "красный", "c.y": "жёлтый", "c.o": "оранжевый",
    "cf.b": "синюю", "cf.g": "зелёную", "cf.r": "красную", "cf.y": "жёлтую", "cf.o": "оранжевую",
    "hint.colour": "{colour} карту", "hint.value": "любую {v}", "hint.kind": "любой {kind}", "hint.poly": "Полисвина",
    "hint.any": "любую карту", "hint.draw": "взять карту из колоды",
    "hint.transfer": "перевести: любой {kind}", "hint.accept.grab": "взять {n} карты и пропустить ход",
    "hint.accept.snore": "пропустить ход", "hint.drawn": "только взятую карту", "hint.drawn.card": "только взятую карту: {card}",
    "hint.keep": "оставить её себе", "or": "или", "hint.intercept": "Перехват: у кого есть ещё {card}, может подкинуть",
    "hint.catch": "{name} не сказал(а) «Свинтус!»: можно поймать",
    "beats.values": "цифра {from}–{to}", "beats.super": "любая суперкарта", "beats.colour": "любая {colour} карта",
    "beats.interception": "перехват",
    "cfa.b": "синяя", "cfa.g": "зелёная", "cfa.r": "красная", "cfa.y": "жёлтая", "cfa.o": "оранжевая",
    "villain.pirate-small": "Пиратики", "villain.pirate-big": "Пиратища", "villain.pirate-super": "Суперпираты",
    "villain.ghost": "Привидения", "villain.alien": "Пришельцы",
    "pile.pirates": "Пираты", "pile.ghosts": "Привидения", "pile.aliens": "Пришельцы",
    "card.back": "рубашка",
    "lang": "EN",
  },
  en: {
    app: "Svintus",
    "tab.table": "Table", "tab.score": "Score", "tab.camera": "Camera", "tab.start": "New game",
    "conn.ok": "connected", "conn.lost": "connection lost: reconnecting…", "conn.connecting": "connecting…",
    "pair.title": "Pair this tablet",
    "pair.text": "Open the link or QR code the computer showed, or type the code from the link (after token=).",
    "pair.field": "Pairing code", "pair.go": "Pair", "pair.bad": "That code did not work. Check it and try again.",
    "start.title": "New game", "start.edition": "Which Svintus?",
    "start.players": "Players in seat order (clockwise)", "start.add": "+ Player",
    "start.player": "Player {n}", "start.remove": "Remove", "start.dealer": "Deals", "start.drag": "Drag",
    "start.rules": "Optional rules", "start.target": "Play to (points)",
    "start.target.default": "as in the rules: {n}", "start.target.none": "In the Big Adventure the most trophies win.",
    "start.go": "Start the game", "start.need2": "2 to 10 players, each with a name.",
    "start.active": "A game is on: a new game ends it.",
    "rule.intercept": "Intercept: an identical card may be played out of turn",
    "rule.transfer": "Transfer: a Grabber or Snorer may be passed on",
    "rule.dawdle": "Don't dawdle: who thinks too long draws 2",
    "rule.fixed": "always",
    "table.waiting": "The round is starting", "table.waiting.camera": "Turn the deck's top card onto the discard pile: the camera will see it.",
    "table.waiting.pick": "No camera? Tap that card:",
    "table.none": "No game yet.", "table.new": "Start a new game",
    "table.you": "to move", "table.dealer": "deals", "table.dealer.mark": "D",
    "table.cw": "clockwise", "table.ccw": "anticlockwise",
    "table.colour": "Colour", "table.colour.any": "any",
    "table.deck": "Deck: {n}", "table.pending": "{name}: {kind}", "table.pending.grab": "draws {n} and skips",
    "table.pending.snore": "skips a turn", "table.hush": "Hush: silence until {name} plays again",
    "table.decree": "Decree: {text}", "table.decree.any": "A decree is in force",
    "table.trophies": "Trophies", "table.villains": "Villains",
    "table.beats": "Beaten by:", "table.empty": "empty",
    "table.hint.seat": "{name} can play:",
    "table.drawn": "{name} drew a card: only that card may be played",
    "table.inferred": "{name}: {card}? (guessed from the turn order; tap if wrong)",
    "table.camera.lost": "The camera is lost: the game is kept, waiting for the camera…",
    "table.can.defeat": "Can defeat a villain (6 cards or fewer): {names}", "table.can.defeat.none": "Nobody can defeat a villain yet: everyone holds more than 6 cards",
    "table.villain.unknown": "the camera has not recognised it yet", "table.undo": "Undo", "table.fix": "Fix the last move", "table.log": "What happened",
    "table.finished": "Round over", "table.winner": "{name} wins!", "table.winners": "Winners: {names}!",
    "table.points": "+{n} points",
    "fix.title": "Fix the last move", "fix.by": "Who really played it?", "fix.card": "Which card was it?",
    "fix.none": "Nothing to fix yet.", "fix.close": "Close",
    "fix.ok": "Fixed",
    "end.title": "End of the round", "end.winner": "{name} won. How many cards does each player hold?",
    "end.help": "Correct the numbers, or spread a player's cards beside the discard pile (not on it, not overlapping) and tap “Count with the camera”.",
    "end.won": "winner", "end.camera": "Count with the camera",
    "end.camera.none": "There is no camera, or it has not sent a picture yet: type the number.",
    "end.confirm": "Confirm", "end.cancel": "Cancel",
    "end.bad": "{name}: a whole number of cards is needed, 0 or more.",
    "end.toomany": "{name}: nobody holds more than {n} cards; check the number.",
    "end.winner.zero": "{name} won: the winner holds 0 cards.",
    "score.title": "Score", "score.round": "Round", "score.total": "Total", "score.target": "Playing to {n}",
    "score.none": "No rounds yet.", "score.chart": "Points by round", "score.winner": "{name} wins the match!",
    "score.matches": "Other matches", "score.nomatches": "No other matches yet.",
    "score.status.finished": "finished", "score.status.playing": "on",
    "score.status.abandoned": "abandoned", "score.status.round-over": "round over",
    "cam.auto": "Find the zones", "cam.save": "Save the zones", "cam.reset": "Revert",
    "cam.help": "Drag the corners so that each frame covers its pile.",
    "cam.saved": "Zones saved", "cam.auto.ok": "Zones found", "cam.nozones": "No zones yet: tap “Find the zones”.",
    "cam.reads": "What the camera reads", "cam.nothing": "nothing", "cam.status.ok": "camera on", "cam.status.lost": "camera lost",
    "cam.noimage": "No camera picture.",
    "zone.discard": "Discard", "zone.deck": "Deck", "zone.pirates": "Pirates", "zone.ghosts": "Ghosts", "zone.aliens": "Aliens",
    "err.generic": "That did not work: {msg}",
    "ed.junior": "Junior Svintus", "ed.adventure": "Big Adventure", "ed.svintus2": "Svintus 2.0",
    "ed.junior.sub": "yellow cards, Decree", "ed.adventure.sub": "villains and trophies", "ed.svintus2.sub": "orange cards, transfer",
    "c.b": "blue", "c.g": "green", "c.r": "red", "c.y": "yellow", "c.o": "orange",
    "cf.b": "blue", "cf.g": "green", "cf.r": "red", "cf.y": "yellow", "cf.o": "orange",
    "hint.colour": "a {colour} card", "hint.value": "any {v}", "hint.kind": "any {kind}", "hint.poly": "a Polypig",
    "hint.any": "any card", "hint.draw": "draw a card",
    "hint.transfer": "pass it on: any {kind}", "hint.accept.grab": "draw {n} and skip the turn",
    "hint.accept.snore": "skip the turn", "hint.drawn": "only the card just drawn", "hint.drawn.card": "only the card just drawn: {card}",
    "hint.keep": "keep it", "or": "or", "hint.intercept": "Intercept: whoever holds another {card} may play it now",
    "hint.catch": "{name} did not say «Свинтус!»: catch them",
    "beats.values": "a number {from}–{to}", "beats.super": "any super card", "beats.colour": "any {colour} card",
    "beats.interception": "an interception",
    "cfa.b": "blue", "cfa.g": "green", "cfa.r": "red", "cfa.y": "yellow", "cfa.o": "orange",
    "villain.pirate-small": "Small pirates", "villain.pirate-big": "Big pirates", "villain.pirate-super": "Super pirates",
    "villain.ghost": "Ghosts", "villain.alien": "Aliens",
    "pile.pirates": "Pirates", "pile.ghosts": "Ghosts", "pile.aliens": "Aliens",
    "card.back": "card back",
    "lang": "RU",
  },
};
export const SUPER_NAMES = {
  ru: {
    grab: "Хапёж", snore: "Захрапин", poly: "Полисвин", hush: "Тихохрюн", slap: "Хлопкопыт",
    flip: "Перехрюшка", decree: "Указявка", steal: "Украдун", omni: "Всеядец", shake: "Перетряс",
  },
  en: {
    grab: "Grabber", snore: "Snorer", poly: "Polypig", hush: "Hush", slap: "Slapper",
    flip: "Flipper", decree: "Decree", steal: "Stealer", omni: "Omnivore", shake: "Shaker",
  },
};

let lang = localStorage.getItem("svintus.lang") === "en" ? "en" : "ru";

export function getLang() {
  return lang;
}

export function setLang(value) {
  lang = value === "en" ? "en" : "ru";
  localStorage.setItem("svintus.lang", lang);
  document.documentElement.lang = lang;
}

export function t(key, params = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.ru[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

// A server text in both languages ({text_ru, text_en} or {label_ru, label_en}).
export function pick(obj, base = "text") {
  if (!obj) return "";
  return obj[`${base}_${lang}`] ?? obj[`${base}_ru`] ?? obj[base] ?? "";
}

// Russian plural of "карта": 1 карта, 2 карты, 5 карт.
export function cardsWord(n) {
  if (lang === "en") return n === 1 ? "1 card" : `${n} cards`;
  const m10 = n % 10, m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return `${n} карта`;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return `${n} карты`;
  return `${n} карт`;
}
