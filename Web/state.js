// What the guest chose so far, shared by the search, results and listing views.

export const state = {
  location: null,
  checkin: null,
  checkout: null,
  guests: { adults: 2, children: 0, infants: 0 },
  price: {},
  roomTypes: [],
  sort: 'recommended',
  results: null,
};

export function filters() {
  return {
    locationId: state.location?.id,
    checkin: state.checkin && state.checkout ? state.checkin : undefined,
    checkout: state.checkin && state.checkout ? state.checkout : undefined,
    ...state.guests,
    roomType: state.roomTypes.length ? state.roomTypes.join(',') : undefined,
  };
}
