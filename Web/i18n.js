// The page's words in Korean (the default) and English. The API localizes its own answers
// (names, month titles, holiday names, price labels) by the Accept-Language that api.js sends.

const strings = {
  ko: {
    appTitle: 'Stays',
    toggle: 'English',
    where: '어디로 가세요?',
    wherePlaceholder: '도시, 동네, 역 (예: ㅅㅇ, 강남)',
    popular: '인기 여행지',
    nearby: '내 주변',
    nearbyButton: '내 주변 찾기',
    nearbyFailed: '위치를 알 수 없어요.',
    listingsCount: (n) => `숙소 ${n.toLocaleString('ko-KR')}개`,
    dates: '날짜',
    checkin: '체크인',
    checkout: '체크아웃',
    chooseCheckin: '체크인 날짜를 고르세요',
    chooseCheckout: '체크아웃 날짜를 고르세요',
    nights: (n) => `${n}박`,
    clearDates: '날짜 지우기',
    moreMonths: '다음 달 더 보기',
    guests: '인원',
    adults: '성인', adultsHint: '13세 이상',
    children: '어린이', childrenHint: '2~12세',
    infants: '유아', infantsHint: '2세 미만',
    decrease: (what) => `${what} 줄이기`,
    increase: (what) => `${what} 늘리기`,
    guestsSummary: (g) => `게스트 ${g.adults + g.children}명` + (g.infants ? `, 유아 ${g.infants}명` : ''),
    price: '가격 범위',
    minPrice: '최저 가격',
    maxPrice: '최고 가격',
    inRange: (n) => `${n.toLocaleString('ko-KR')}개 숙소가 범위 안에 있어요`,
    andUp: '이상',
    search: '검색',
    pickLocation: '먼저 위치를 고르세요.',
    results: '검색 결과',
    resultsCount: (n) => `숙소 ${n.toLocaleString('ko-KR')}개`,
    noResults: '조건에 맞는 숙소가 없어요.',
    more: '더 보기',
    map: '지도',
    mapReset: '전체 보기',
    mapLabel: (n) => `지도에 보이는 숙소 ${n}개`,
    cluster: (n, p) => `숙소 ${n}개, 최저 ${p}`,
    perNight: '/박',
    total: '총액',
    totalFor: (n) => `${n}박 총액`,
    newListing: '새 숙소',
    reviews: (n) => `후기 ${n}개`,
    superhost: '슈퍼호스트',
    back: '← 검색으로',
    description: '숙소 설명',
    amenities: '편의시설',
    houseRules: '숙소 이용규칙',
    noRules: '특별한 규칙이 없어요.',
    host: '호스트',
    hostSince: (d) => `${d}부터 호스팅`,
    checkTimes: (i, o) => `체크인 ${i} 이후 · 체크아웃 ${o} 이전`,
    cancellation: '환불 정책',
    policies: { flexible: '유연: 체크인 1일 전까지 전액 환불', moderate: '일반: 체크인 5일 전까지 전액 환불', strict: '엄격: 체크인 14일 전까지 전액 환불' },
    freeUntil: (d) => `${d}까지 무료 취소`,
    noFreeCancel: '무료 취소 기간이 지났어요',
    quote: '요금 세부정보',
    reserve: '예약하기',
    reserving: '예약 중…',
    reserved: '예약되었어요',
    priceChanged: '요금이 바뀌었어요. 새 총액을 확인하고 다시 예약하세요.',
    trips: '여행',
    noTrips: '예약한 여행이 없어요.',
    status: { confirmed: '예약 확정', cancelled: '취소됨' },
    cancel: '예약 취소',
    cancelling: '취소 중…',
    cancelPreview: '지금 취소하면 환불되는 금액',
    confirmCancel: '취소 확정',
    keepTrip: '예약 유지',
    refund: '환불',
    refundTotal: '환불 총액',
    retained: '환불되지 않는 금액',
    viewListing: '숙소 보기',
    paid: '결제 금액',
    error: '문제가 생겼어요',
    loading: '불러오는 중…',
    reasons: {
      past: '지난 날짜', booked: '예약 마감', blocked: '호스트가 닫은 날짜', beyondWindow: '아직 예약을 받지 않는 날짜',
      closedToArrival: '체크인 불가', minNightsUnreachable: '최소 숙박일수를 채울 수 없음',
      notCheckout: '이 체크인으로는 체크아웃할 수 없는 날짜',
    },
    dayHelp: '날짜를 누르거나 화살표 키로 이동하고 Enter로 고르세요.',
    photos: '사진',
    photoAlt: (t, n) => `${t} 사진 ${n}`,
  },
  en: {
    appTitle: 'Stays',
    toggle: '한국어',
    where: 'Where to?',
    wherePlaceholder: 'City, neighbourhood, station (e.g. seoul)',
    popular: 'Popular destinations',
    nearby: 'Nearby',
    nearbyButton: 'Find places near me',
    nearbyFailed: 'Your location is not available.',
    listingsCount: (n) => `${n.toLocaleString('en-US')} stays`,
    dates: 'Dates',
    checkin: 'Check-in',
    checkout: 'Check-out',
    chooseCheckin: 'Choose a check-in date',
    chooseCheckout: 'Choose a check-out date',
    nights: (n) => `${n} night${n === 1 ? '' : 's'}`,
    clearDates: 'Clear dates',
    moreMonths: 'More months',
    guests: 'Guests',
    adults: 'Adults', adultsHint: 'Ages 13 or above',
    children: 'Children', childrenHint: 'Ages 2–12',
    infants: 'Infants', infantsHint: 'Under 2',
    decrease: (what) => `Fewer ${what.toLowerCase()}`,
    increase: (what) => `More ${what.toLowerCase()}`,
    guestsSummary: (g) => `${g.adults + g.children} guest${g.adults + g.children === 1 ? '' : 's'}` + (g.infants ? `, ${g.infants} infant${g.infants === 1 ? '' : 's'}` : ''),
    price: 'Price range',
    minPrice: 'Minimum price',
    maxPrice: 'Maximum price',
    inRange: (n) => `${n.toLocaleString('en-US')} stays in range`,
    andUp: 'and up',
    search: 'Search',
    pickLocation: 'Pick a location first.',
    results: 'Results',
    resultsCount: (n) => `${n.toLocaleString('en-US')} stays`,
    noResults: 'No stays match.',
    more: 'Show more',
    map: 'Map',
    mapReset: 'Show all',
    mapLabel: (n) => `${n} stays in view`,
    cluster: (n, p) => `${n} stays, from ${p}`,
    perNight: '/night',
    total: 'Total',
    totalFor: (n) => `Total for ${n} night${n === 1 ? '' : 's'}`,
    newListing: 'New',
    reviews: (n) => `${n} review${n === 1 ? '' : 's'}`,
    superhost: 'Superhost',
    back: '← Back to search',
    description: 'About this place',
    amenities: 'Amenities',
    houseRules: 'House rules',
    noRules: 'No special rules.',
    host: 'Host',
    hostSince: (d) => `Hosting since ${d}`,
    checkTimes: (i, o) => `Check-in after ${i} · Check-out before ${o}`,
    cancellation: 'Cancellation policy',
    policies: { flexible: 'Flexible: full refund until 1 day before check-in', moderate: 'Moderate: full refund until 5 days before check-in', strict: 'Strict: full refund until 14 days before check-in' },
    freeUntil: (d) => `Free cancellation until ${d}`,
    noFreeCancel: 'The free cancellation period has passed',
    quote: 'Price details',
    reserve: 'Reserve',
    reserving: 'Reserving…',
    reserved: 'Reserved',
    priceChanged: 'The price changed. Check the new total and reserve again.',
    trips: 'Trips',
    noTrips: 'No trips booked yet.',
    status: { confirmed: 'Confirmed', cancelled: 'Cancelled' },
    cancel: 'Cancel reservation',
    cancelling: 'Cancelling…',
    cancelPreview: 'If you cancel now, you get back',
    confirmCancel: 'Confirm cancellation',
    keepTrip: 'Keep reservation',
    refund: 'Refund',
    refundTotal: 'Refund total',
    retained: 'Not refunded',
    viewListing: 'View listing',
    paid: 'Paid',
    error: 'Something went wrong',
    loading: 'Loading…',
    reasons: {
      past: 'In the past', booked: 'Booked', blocked: 'Closed by the host', beyondWindow: 'Not open for booking yet',
      closedToArrival: 'No check-in on this day', minNightsUnreachable: 'The minimum stay does not fit',
      notCheckout: 'Not a check-out day for this check-in',
    },
    dayHelp: 'Tap a day, or move with the arrow keys and press Enter.',
    photos: 'Photos',
    photoAlt: (t, n) => `${t}, photo ${n}`,
  },
};

let current = localStorage.getItem('stays.lang') === 'en' ? 'en' : 'ko';

export function lang() { return current; }

export function setLang(value) {
  current = value === 'en' ? 'en' : 'ko';
  localStorage.setItem('stays.lang', current);
  document.documentElement.lang = current;
}

/** The string (or function) for `key` in the current language. */
export function t(key) { return strings[current][key]; }

/** Money in the minor unit of `currency` (KRW has none): ₩59,000. */
export function money(amount, currency = 'KRW') {
  return new Intl.NumberFormat(current === 'en' ? 'en-US' : 'ko-KR', { style: 'currency', currency }).format(amount);
}

/** A short price for a calendar cell: 14.9만 / ₩149k. */
export function shortMoney(amount) {
  if (current === 'ko') return amount >= 10000 ? `${Math.round(amount / 1000) / 10}만` : `${amount}`;
  return amount >= 1000 ? `₩${Math.round(amount / 1000)}k` : `₩${amount}`;
}

/** Fills every element with `data-i18n` (text) or `data-i18n-placeholder`. */
export function translatePage() {
  document.documentElement.lang = current;
  for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
  for (const element of document.querySelectorAll('[data-i18n-placeholder]')) {
    element.placeholder = t(element.dataset.i18nPlaceholder);
  }
}
